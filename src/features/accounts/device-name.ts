/**
 * A readable name for a session's device ('Chrome on Windows', 'Safari on iPhone') from the
 * user agent stored with it. People recognise their devices by browser and system; the raw
 * string is long, looks alarming and is whatever the client chose to send, so it is never
 * shown. Deliberately small: a handful of browsers and systems cover almost every visitor,
 * and anything else is named honestly as unknown.
 */

export const UNKNOWN_BROWSER = 'Unknown browser';

/** First match wins: browsers built on Chrome also say "Chrome", and Chrome also says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  // CriOS is Chrome on iOS; HeadlessChrome (automated Chrome) names itself the same way.
  [/\b(?:CriOS|Chrome|HeadlessChrome)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  // Safari says "Version/x Safari/y"; iOS in-app views without "Safari/" stay unknown.
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

/** iPhone and Android agents also say "Mac OS X" and "Linux": the specific ones come first. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows Phone\b/, 'Windows Phone'],
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  // iPads since iPadOS 13 send a Mac agent by default: they show as macOS, as they ask to.
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (agent: string, table: readonly (readonly [RegExp, string])[]) =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

/** 'Chrome on Windows', 'Safari on iPhone', 'Firefox', 'Unknown browser on Android' or 'Unknown browser'. */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return UNKNOWN_BROWSER;
  const browser = first(agent, BROWSERS);
  const system = first(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return system ? `${UNKNOWN_BROWSER} on ${system}` : UNKNOWN_BROWSER;
}
