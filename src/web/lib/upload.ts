import type { ErrorCode, ErrorParams } from '../../core/errors';
import { ApiError } from './api';

/** POSTs a form with upload progress (fetch cannot report it); errors arrive as ApiError like every other call. */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  idempotencyKey?: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const error = (data as { error?: { code?: ErrorCode; params?: ErrorParams } } | undefined)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'internal_error', error?.params ?? {}));
    };
    xhr.send(form);
  });
}
