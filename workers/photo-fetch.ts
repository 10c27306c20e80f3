import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import type { SyncEngine } from './sync-engine.ts';

/**
 * Brings the bytes of a photo taken on another device to this one, once: kept with the replica, it shows
 * offline afterwards. False when it has not reached the server yet or this device is offline.
 */
export async function fetchPhoto(api: ApiClient, engine: SyncEngine, inspectionPhotoId: string): Promise<boolean> {
  if (await engine.photoOnDevice(inspectionPhotoId)) return true;
  try {
    const blob = await api.getBytes(fillPath(apiPaths.inspectionPhotoContent, { inspectionPhotoId }));
    if (!blob) return false;
    await engine.keepPhoto({ inspectionPhotoId, blob });
    return true;
  } catch (error) {
    if (error instanceof NetworkError) return false;
    throw error;
  }
}
