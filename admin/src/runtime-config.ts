/** What the admin app learns at run time from `/config.json`: one build serves any API address. */
export interface AdminConfig {
  apiUrl: string;
}

/** `/config.json` from the server that serves this app; the build-time API_URL when it is missing. */
export async function loadAdminConfig(fetchImpl: typeof fetch = fetch): Promise<AdminConfig> {
  const fallback: AdminConfig = { apiUrl: process.env.API_URL };
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-cache' });
    if (!response.ok) return fallback;
    const served = (await response.json()) as Partial<AdminConfig>;
    return { apiUrl: typeof served.apiUrl === 'string' && served.apiUrl ? served.apiUrl : fallback.apiUrl };
  } catch {
    return fallback;
  }
}
