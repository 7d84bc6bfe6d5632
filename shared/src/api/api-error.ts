const BRAND = Symbol.for('carebook.ApiError');

/**
 * The one error every failed call becomes: the server's message when it sent one.
 *
 * Each app bundles its own copy of this module, while the API client a screen calls was made by
 * the host's copy (through the shared context), so `instanceof` goes by a brand every copy
 * shares, not by class identity.
 */
export class ApiError extends Error {
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  readonly [BRAND] = true;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}

/** The message to show for any thrown value: the error's own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
