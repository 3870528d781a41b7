import { describe, expect, it } from 'vitest';
import { checkImageProps, videoThumbnailSrcset } from './image-props.js';

const ok = { src: '/static/images/a1', width: 1200, height: 800, sizes: '100vw' };

function errorsOf(props: Parameters<typeof checkImageProps>[0]): string[] {
  const r = checkImageProps(props);
  return r.ok ? [] : r.errors;
}

describe('checkImageProps (SPEC 5.7 image template checks)', () => {
  it('draws our assets with the SPEC 9.2 widths', () => {
    const r = checkImageProps(ok);
    expect(r).toMatchObject({
      ok: true,
      image: { loader: 'sqs', src: '/static/images/a1/750w.webp' },
    });
    expect(r.ok && r.image.srcset).toBe(
      '/static/images/a1/100w.webp 100w, /static/images/a1/300w.webp 300w, /static/images/a1/500w.webp 500w, /static/images/a1/750w.webp 750w, /static/images/a1/1000w.webp 1000w',
    );
  });

  it('requires width and height as positive integers', () => {
    for (const width of [0, -3, 1.5, '12px', undefined, 'abc']) {
      expect(errorsOf({ ...ok, width })).toEqual(['Image width must be a positive integer.']);
    }
    expect(errorsOf({ ...ok, height: 0 })).toEqual(['Image height must be a positive integer.']);
    expect(checkImageProps({ ...ok, width: '640', height: '480' }).ok).toBe(true);
  });

  it('requires sizes with the sqs loader only', () => {
    expect(errorsOf({ ...ok, sizes: undefined })).toEqual([
      "Image sizes are required with the 'sqs' loader.",
    ]);
    expect(errorsOf({ ...ok, sizes: ' ' })).toEqual([
      "Image sizes are required with the 'sqs' loader.",
    ]);
    expect(errorsOf({ loader: 'raw', src: '/a.png', width: 10, height: 10 })).toEqual([]);
  });

  it('allows srcset only with the raw loader', () => {
    expect(errorsOf({ ...ok, srcset: '/a.png 1x' })).toEqual([
      "Image srcset is allowed only with the 'raw' loader.",
    ]);
    const raw = checkImageProps({
      loader: 'raw',
      src: '/a.png',
      srcset: '/a.png 1x, /a2.png 2x',
      width: 5,
      height: 5,
    });
    expect(raw).toMatchObject({
      ok: true,
      image: { src: '/a.png', srcset: '/a.png 1x, /a2.png 2x' },
    });
  });

  it('allows format only with vimeo or youtube, and then jpg or webp', () => {
    expect(errorsOf({ ...ok, format: 'webp' })).toEqual([
      "Image format is allowed only with the 'vimeo' or 'youtube' loaders.",
    ]);
    expect(
      errorsOf({ loader: 'youtube', videoId: 'abc', width: 640, height: 360, format: 'png' }),
    ).toEqual(["Image format must be 'jpg' or 'webp'."]);
  });

  it('requires a video id for youtube, and src unless the loader is youtube', () => {
    expect(errorsOf({ loader: 'youtube', width: 640, height: 360 })).toEqual([
      "A video id is required with the 'youtube' loader.",
    ]);
    expect(errorsOf({ loader: 'vimeo', width: 640, height: 360 })).toEqual([
      "Image src is required unless the loader is 'youtube'.",
    ]);
    expect(errorsOf({ loader: 'raw', width: 1, height: 1 })).toEqual([
      "Image src is required unless the loader is 'youtube'.",
    ]);
  });

  it('reports every broken rule at once and refuses unknown loaders', () => {
    expect(errorsOf({ loader: 'sqs', srcset: 'x', format: 'jpg' })).toHaveLength(6);
    expect(errorsOf({ loader: 'flickr' })).toEqual([
      "Image loader must be 'sqs', 'raw', 'vimeo' or 'youtube'.",
    ]);
  });

  it('gives video thumbnails at 120, 320, 480 and 640 wide', () => {
    expect(videoThumbnailSrcset('youtube', 'dQw4w9WgXcQ')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg 120w, https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg 320w, https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg 480w, https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg 640w',
    );
    expect(videoThumbnailSrcset('youtube', 'x', 'webp')).toContain(
      'https://i.ytimg.com/vi_webp/x/sddefault.webp 640w',
    );
    expect(videoThumbnailSrcset('vimeo', 'https://i.vimeocdn.com/video/42', 'webp')).toBe(
      'https://i.vimeocdn.com/video/42_120.webp 120w, https://i.vimeocdn.com/video/42_320.webp 320w, https://i.vimeocdn.com/video/42_480.webp 480w, https://i.vimeocdn.com/video/42_640.webp 640w',
    );
    const yt = checkImageProps({ loader: 'youtube', videoId: 'abc', width: 640, height: 360 });
    expect(yt).toMatchObject({
      ok: true,
      image: { src: 'https://i.ytimg.com/vi/abc/hqdefault.jpg' },
    });
  });
});
