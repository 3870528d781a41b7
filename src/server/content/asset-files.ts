import path from 'node:path';

/** Where an asset's stored width lives: DATA_DIR/assets/{assetId}/{width}w.{ext}. */
export function assetFilePath(
  dataDir: string,
  assetId: string,
  width: number,
  ext: 'webp' | 'jpg',
): string {
  return path.join(dataDir, 'assets', assetId, `${width}w.${ext}`);
}
