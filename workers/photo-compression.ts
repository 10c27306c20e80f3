/** The longest side a photo keeps: sharp on a phone's and a laptop's screen, a few hundred kilobytes as JPEG. */
export const maxPhotoSide = 1600;
const quality = 0.8;

/**
 * A camera's photo made small enough to store and send from a bay (a 12-megapixel photo of several megabytes
 * becomes one of a few hundred kilobytes), in the worker so the page stays responsive. The photo is turned
 * upright as its camera took it (the image's orientation), and its longest side brought to `maxPhotoSide`.
 */
export async function compressPhoto(file: Blob): Promise<{ blob: Blob; width: number; height: number }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new Error('This file is not a photo this device can read. Take the photo again, or choose a JPEG or PNG.', { cause: error });
  }
  const scale = Math.min(1, maxPhotoSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This device cannot prepare photos (no drawing surface).');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality }), width, height };
}
