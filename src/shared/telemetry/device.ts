/** Device classes stored with hits and performance rows. */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** Known crawlers and headless tools: counted apart, never as visitors. */
const BOT_RE =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link|whatsapp|vkshare|pinterest|lighthouse|pagespeed|headlesschrome|phantomjs|curl\/|wget\/|python-requests|httpclient|okhttp|go-http-client|axios\/|node-fetch|scrapy|semrush|ahrefs|petalbot|yandex|baiduspider|duckduckbot|applebot|gptbot|claudebot|ccbot|bytespider|datadog|uptimerobot|pingdom/i;

export function isBot(userAgent: string | undefined | null): boolean {
  return !userAgent || BOT_RE.test(userAgent);
}

/** From the user agent; when it says nothing, from the viewport width. */
export function deviceClassOf(
  userAgent: string | undefined | null,
  viewportWidth?: number | null,
): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i.test(ua))
    return 'mobile';
  if (/Windows NT|Macintosh|X11|CrOS/.test(ua)) return 'desktop';
  if (viewportWidth && viewportWidth > 0) {
    if (viewportWidth < 768) return 'mobile';
    if (viewportWidth < 1024) return 'tablet';
  }
  return 'desktop';
}
