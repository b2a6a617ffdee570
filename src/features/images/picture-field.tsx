// Loaded with its own chunk only when it renders, so no first load carries it.
import { lazy, Suspense } from 'react';
import type { PictureUploaderProps } from './picture-uploader';
// example:start
import type { PictureTarget } from './upload-picture';
// example:end

const PictureUploader = lazy(() => import('./picture-uploader'));

export function PictureField(props: PictureUploaderProps) {
  return (
    <Suspense fallback={<div className={props.layout === 'field' ? 'h-48' : 'h-40 rounded-lg border'} aria-busy="true" />}>
      <PictureUploader {...props} />
    </Suspense>
  );
}

// example:start
/** Uploads a picture that was chosen before its record existed (an uploader without a target hands it over). */
export async function uploadChosenPicture(target: PictureTarget, file: File): Promise<string | null> {
  const { uploadPicture } = await import('./upload-picture');
  return uploadPicture(target, file, () => {});
}
// example:end
