// The server checks and re-encodes everything; here nothing is trusted, only shown.
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#/components/settings-section';
import { Button } from '#/components/ui/button';
import { toast } from '#/components/ui/toast';
import { handledGlobally } from '#/lib/demo-mode-events';
import { imageSources } from '#/lib/image-sources';
import { cn } from '#/lib/utils';
import { removePicture, uploadPicture, type PictureError, type PictureTarget } from './upload-picture';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

export interface PictureUploaderProps {
  /** Whose picture; null while the record does not exist yet: the chosen file then waits, handed to `onPick`. */
  target: PictureTarget | null;
  url: string | null;
  title: string;
  description: string;
  shape: 'square' | 'cover';
  onChange: (url: string | null) => void | Promise<void>;
  /** A person's initials; an upload icon without it. */
  placeholder?: ReactNode;
  /** Without a target: the file chosen (null when taken back), uploaded by the form once the record exists. */
  onPick?: (file: File | null) => void;
  /** A refusal met outside (the form's upload after creating the record), shown as this field's error. */
  error?: string | undefined;
  /** A card with its title (the default), bare inside a dialog that has the title, one field of a form, or a
   * settings page's section (src/components/settings-section.tsx). */
  layout?: 'card' | 'bare' | 'field' | 'settings';
}

const root = getRouteApi('__root__');
const noChanges = () => () => {};
const clientSide = () => true;
const serverSide = () => false;

export default function PictureUploader({
  target,
  url,
  title,
  description,
  shape,
  onChange,
  placeholder,
  onPick,
  error: outsideError,
  layout = 'card',
}: PictureUploaderProps) {
  const { t } = useTranslation('images');
  const maxBytes = root.useLoaderData().uploadMaxBytes;
  const maxSize = `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string>();

  // Rendered by the server, the file input takes a file only once this chunk has hydrated.
  const ready = useSyncExternalStore(noChanges, clientSide, serverSide);

  // An object URL (CSP: img-src blob:), released when replaced or unmounted.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const failed = (e: PictureError) => {
    setProgress(undefined);
    setPreview(undefined);
    // A demo-mode refusal opens the global dialog.
    if (!handledGlobally(e)) setError(e.message || t('errors.UPLOAD_FAILED'));
  };

  const upload = useMutation<string | null, PictureError, File>({
    mutationFn: (file) => uploadPicture(target!, file, setProgress),
    onSuccess: async (next) => {
      setProgress(undefined);
      await onChange(next);
      setPreview(undefined);
      toast.success(t('uploader.saved'));
    },
    onError: failed,
  });
  const remove = useMutation<string | null, PictureError>({
    mutationFn: () => removePicture(target!),
    onSuccess: async () => {
      await onChange(null);
      toast.success(t('uploader.removed'));
    },
    onError: failed,
  });
  const busy = upload.isPending || remove.isPending;

  const start = (file: File | undefined) => {
    if (!file || busy) return;
    // The server refuses it too; said here, the bytes are not sent for nothing.
    if (file.size > maxBytes) return setError(t('errors.IMAGE_TOO_LARGE', { max: maxSize }));
    // A file that waits for the form's Save is refused now for what the browser can tell, so that the record
    // is not made for a picture the server would refuse (the server still reads the bytes).
    if (!target && !ACCEPTED_TYPES.split(',').includes(file.type)) return setError(t('errors.IMAGE_TYPE_REFUSED'));
    setError(undefined);
    setPreview(URL.createObjectURL(file));
    if (!target) return onPick?.(file);
    setProgress(0);
    upload.mutate(file);
  };
  const takeBack = () => {
    setPreview(undefined);
    onPick?.(null);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files[0]);
  };

  const shown = preview ? { src: preview } : url ? imageSources(url) : undefined;
  const frame = shape === 'square' ? 'size-24 rounded-full' : 'h-36 w-24 rounded-sm';
  const shownError = error ?? outsideError;
  const body = (
    <div className="flex flex-wrap items-start gap-4">
      <div className={cn('flex shrink-0 items-center justify-center overflow-hidden bg-muted', frame)}>
        {shown ? (
          <img
            src={shown.src}
            srcSet={'srcSet' in shown ? shown.srcSet : undefined}
            sizes="96px"
            alt={preview ? t('uploader.preview') : ''}
            data-testid="picture-preview"
            className="size-full object-cover"
          />
        ) : (
          (placeholder ?? <ImageUp aria-hidden className="size-8 text-muted-foreground" />)
        )}
      </div>
      <div className="flex min-w-52 flex-1 flex-col gap-2">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed px-4 py-4 text-center text-sm',
            'focus-within:ring-2 focus-within:ring-ring',
            dragging ? 'border-brand bg-muted/50' : 'border-input',
          )}
        >
          {/* No dragging on a touch screen: both texts are in the HTML, the pointer picks one (before hydration too). */}
          <span className="font-medium pointer-coarse:hidden">{t('uploader.dropHint')}</span>
          <span className="hidden font-medium pointer-coarse:inline">{t('uploader.chooseHint')}</span>
          <span className="text-xs text-muted-foreground">{t('uploader.formats', { max: maxSize })}</span>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED_TYPES}
            disabled={busy || !ready}
            aria-label={t('uploader.choose')}
            aria-invalid={Boolean(shownError)}
            aria-describedby={shownError ? `${inputId}-error` : undefined}
            className="sr-only"
            onChange={(event) => {
              start(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {progress !== undefined && (
          <div className="flex flex-col gap-1">
            <span className="text-xs">{t('uploader.uploading')}</span>
            <div
              role="progressbar"
              aria-label={t('uploader.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-brand transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          </div>
        )}
        {shownError && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
            {shownError}
          </p>
        )}
        {!target && preview && (
          <div>
            <Button variant="secondary" size="sm" onClick={takeBack}>
              <Trash2 aria-hidden />
              {t('uploader.remove')}
            </Button>
          </div>
        )}
        {target && url && !preview && (
          <div>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden />
              {remove.isPending ? t('uploader.removing') : t('uploader.remove')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
  if (layout === 'settings')
    return (
      <SettingsSection id={`${inputId}-title`} title={title} description={description} data-uploader={ready ? 'ready' : 'loading'}>
        {body}
      </SettingsSection>
    );
  return (
    <section
      aria-labelledby={layout === 'bare' ? undefined : `${inputId}-title`}
      data-uploader={ready ? 'ready' : 'loading'}
      aria-label={layout === 'bare' ? title : undefined}
      className={cn('flex flex-col', layout === 'field' ? 'gap-1.5' : 'gap-3', layout === 'card' && 'rounded-lg border p-4')}
    >
      {layout === 'card' && (
        <div>
          <h2 id={`${inputId}-title`} className="text-base font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      )}
      {/* A form's field: its title reads like the other fields' labels (src/components/ui/field.tsx). */}
      {layout === 'field' && (
        <div className="flex flex-col gap-0.5">
          <span id={`${inputId}-title`} className="text-sm font-medium">
            {title}
          </span>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      )}
      {body}
    </section>
  );
}
