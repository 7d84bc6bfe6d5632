// The headers every site app (host, remotes, admin app) sends with each reply. The page's
// Content-Security-Policy lets scripts come only from our own origins (the app's, and for the host
// each remote's) and never from inline code; the JSON blocks the host inlines
// (`<script type="application/json">`) are data, which CSP does not treat as script.
export interface SecurityHeadersOptions {
  /** Origins of other apps the page loads code and styles from (the host: each remote's). */
  appOrigins?: string[];
  /** The API the page calls and shows images from (a remote's own page: also the one it was built for). */
  apiUrl?: string | string[];
  /** Served over https: browsers are told to keep to https (HSTS). */
  https?: boolean;
}

/** Browser features no screen uses, switched off for the page and anything it embeds. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

function originOf(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy(options: SecurityHeadersOptions = {}): string {
  const apps = [...new Set((options.appOrigins ?? []).map(originOf))];
  const api = [options.apiUrl ?? []].flat().map(originOf);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...apps],
    // The first view inlines its styles, and screens set a few style attributes.
    'style-src': ["'self'", "'unsafe-inline'", ...apps],
    // Doctor photos and uploads come from the API; a chosen photo is previewed from a blob: URL.
    'img-src': ["'self'", 'data:', 'blob:', ...api, ...apps],
    'font-src': ["'self'", 'data:', ...apps],
    'connect-src': ["'self'", ...api, ...apps],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * `forEveryReply` goes with every file; `forDocuments` only with HTML pages, the only replies a
 * browser applies them to (a script or a stylesheet does not carry a policy of its own), so the
 * ~1 KB of them is not sent again with every chunk.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): { forEveryReply: Record<string, string>; forDocuments: Record<string, string> } {
  return {
    forEveryReply: {
      'X-Content-Type-Options': 'nosniff',
      ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    },
    forDocuments: {
      'Content-Security-Policy': contentSecurityPolicy(options),
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': PERMISSIONS_POLICY,
    },
  };
}

/** HSTS is for deployments whose public address (SITE_URL, else PUBLIC_URL) is https. */
export function isHttpsDeployment(env: NodeJS.ProcessEnv = process.env): boolean {
  const url = env.SITE_URL ?? env.PUBLIC_URL ?? '';
  return url.startsWith('https://');
}
