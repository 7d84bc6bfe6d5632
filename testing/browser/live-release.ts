import type { Stack } from './stack';

type Release = { id: string } | null;

/**
 * Waits until the host's `/remotes.json` reports a release of `remote` that `accept` takes. The
 * host learns live releases in the background (about once a second), so a release, a rollback or
 * a remote going down shows on page loads shortly after, not at the same instant.
 */
export async function untilHostReports(stack: Stack, remote: string, accept: (release: Release) => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const config = (await (await fetch(`${stack.siteUrl}/remotes.json`)).json()) as { releases: Record<string, Release> };
    const release = config.releases[remote] ?? null;
    if (accept(release)) return;
    if (Date.now() > deadline) throw new Error(`the host still reports ${remote} as ${JSON.stringify(release)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the host serves release `id` of `remote` to new page loads. */
export function untilHostServes(stack: Stack, remote: string, id: string): Promise<void> {
  return untilHostReports(stack, remote, (release) => release?.id === id);
}
