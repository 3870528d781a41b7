/**
 * Video blocks (issue 13) embed YouTube and Vimeo only. One parser for the builder's check, the
 * server's validation and the theme's click-to-play facade, so what the owner is told is valid is
 * exactly what the page can play.
 */
export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  id: string;
  /** The player loaded after the visitor clicks (privacy-enhanced YouTube host). */
  embedUrl: string;
  /** Where the link goes with JavaScript off. */
  watchUrl: string;
}

export function videoEmbedOf(url: string): VideoEmbed | undefined {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const host = u.hostname.replace(/^www\.|^m\./, '');
  let yt: string | undefined;
  if (host === 'youtu.be') yt = u.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    yt =
      u.pathname === '/watch'
        ? (u.searchParams.get('v') ?? undefined)
        : /^\/(?:embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[1];
  }
  if (yt !== undefined) {
    if (!/^[\w-]{6,20}$/.test(yt)) return undefined;
    return {
      provider: 'youtube',
      id: yt,
      embedUrl: `https://www.youtube-nocookie.com/embed/${yt}?autoplay=1`,
      watchUrl: `https://www.youtube.com/watch?v=${yt}`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{4,12})(?:\/|$)/.exec(u.pathname)?.[1];
    if (!id) return undefined;
    return {
      provider: 'vimeo',
      id,
      embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
      watchUrl: `https://vimeo.com/${id}`,
    };
  }
  return undefined;
}
