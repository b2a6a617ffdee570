// Loaded with its own chunk only when it renders, so no first load carries it.
import { lazy, Suspense } from 'react';
import type { PictureUploaderProps } from './picture-uploader';

const PictureUploader = lazy(() => import('./picture-uploader'));

export function PictureField(props: PictureUploaderProps) {
  return (
    <Suspense fallback={<div className="h-40 rounded-lg border" aria-busy="true" />}>
      <PictureUploader {...props} />
    </Suspense>
  );
}
