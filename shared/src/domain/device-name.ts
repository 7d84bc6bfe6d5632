/**
 * A short, human name for a session's device from its User-Agent, as lists of logged-in devices
 * show it: "Firefox on Windows", "Safari on iPhone", "Chrome on Android". Unknown parts fall back
 * to "Unknown browser" / "unknown device"; an empty agent is "Unknown device".
 */
export function deviceName(userAgent: string): string {
  if (userAgent.trim() === '') return 'Unknown device';
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\//.test(userAgent) ? 'Opera'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /(Chrome|Chromium|CriOS)\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : 'Unknown browser';
  const system =
    /iPhone/.test(userAgent) ? 'iPhone'
    : /iPad/.test(userAgent) ? 'iPad'
    : /Android/.test(userAgent) ? 'Android'
    : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'Mac'
    : /CrOS/.test(userAgent) ? 'ChromeOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : 'unknown device';
  return `${browser} on ${system}`;
}
