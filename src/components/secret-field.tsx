// A secret shown once, in the dialog that made it (an API key, a webhook's signing secret): read-only, selected
// when focused, with a Copy button. Its words are the caller's.
import { CopyIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { toast } from '#/components/ui/toast';

export function SecretField({
  secret,
  testId,
  labels,
}: {
  secret: string;
  testId: string;
  labels: { field: string; copy: string; copied: string; copyFailed: string };
}) {
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => toast.success(labels.copied),
      () => toast.error(labels.copyFailed),
    );
  return (
    <Field label={labels.field}>
      {(ids) => (
        <div className="flex gap-2">
          <Input
            {...ids}
            data-testid={testId}
            readOnly
            dir="ltr"
            value={secret}
            className="min-w-0 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <CopyIcon aria-hidden />
            {labels.copy}
          </Button>
        </div>
      )}
    </Field>
  );
}
