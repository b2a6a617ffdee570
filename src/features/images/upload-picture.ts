// XMLHttpRequest: the one browser API that reports upload progress.
/** Whose pictures there are (src/server/storage/pictures.ts). */
interface PictureKinds {
  users: true;
  organizations: true;
  // example:start
  books: true;
  // example:end
}
export type PictureTarget = { kind: keyof PictureKinds; id: string };

export class PictureError extends Error {
  override name = 'PictureError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const pathOf = (target: PictureTarget) => `/api/images/${target.kind}/${encodeURIComponent(target.id)}`;

function send(method: 'PUT' | 'DELETE', target: PictureTarget, file?: File, onProgress?: (fraction: number) => void) {
  return new Promise<string | null>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, pathOf(target));
    xhr.responseType = 'json';
    // A file the browser does not know as an image still goes: the server reads its bytes and says why not.
    if (file) xhr.setRequestHeader('Content-Type', file.type.startsWith('image/') ? file.type : 'application/octet-stream');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as { url?: string | null; code?: string; message?: string } | null;
      if (xhr.status === 200 && body && 'url' in body) resolve(body.url ?? null);
      else reject(new PictureError(body?.code ?? 'UPLOAD_FAILED', body?.message ?? ''));
    });
    xhr.addEventListener('error', () => reject(new PictureError('UPLOAD_FAILED', '')));
    xhr.send(file ?? null);
  });
}

export const uploadPicture = (target: PictureTarget, file: File, onProgress: (fraction: number) => void) =>
  send('PUT', target, file, onProgress);

export const removePicture = (target: PictureTarget) => send('DELETE', target);
