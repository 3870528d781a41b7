/**
 * Share links (SPEC 3.7 shareButtonOptions), built on the server: plain links to each network's
 * own share page, so nothing is loaded from elsewhere until the visitor chooses to go there.
 */
export const SHARE_LINK_NETWORKS = ['x', 'facebook', 'linkedin', 'pinterest', 'email'] as const;
export type ShareNetwork = (typeof SHARE_LINK_NETWORKS)[number];

export const SHARE_NETWORK_NAMES: Record<ShareNetwork, string> = {
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  email: 'Email',
};

export interface ShareLink {
  network: ShareNetwork;
  name: string;
  href: string;
}

/**
 * The links for the networks the site turned on, in a fixed order. `url` is the page's absolute
 * address; `image` (absolute) is Pinterest's picture, which it needs (no image: no Pinterest).
 * The settings' 'twitter' key is taken as X.
 */
export function shareLinks(
  options: Record<string, boolean> | undefined,
  page: { url: string; title: string; image?: string | undefined },
): ShareLink[] {
  const on = (n: ShareNetwork) => options?.[n] === true || (n === 'x' && options?.twitter === true);
  const u = encodeURIComponent(page.url);
  const t = encodeURIComponent(page.title);
  const hrefs: Record<ShareNetwork, string | null> = {
    x: `https://x.com/intent/post?url=${u}&text=${t}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    pinterest: page.image
      ? `https://www.pinterest.com/pin/create/button/?url=${u}&media=${encodeURIComponent(page.image)}&description=${t}`
      : null,
    email: `mailto:?subject=${t}&body=${u}`,
  };
  return SHARE_LINK_NETWORKS.flatMap((network) => {
    const href = hrefs[network];
    return on(network) && href ? [{ network, name: SHARE_NETWORK_NAMES[network], href }] : [];
  });
}
