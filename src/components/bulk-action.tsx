// A table's action on its selected rows: a button in the selection bar, one confirmation naming how many,
// then a toast with what was done and each row left as it was (the server says why).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { toast } from '#/components/ui/toast';
import { reasonDescription } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import type { BulkResult } from '#/lib/list';

export interface BulkActionProps<T> {
  selected: T[];
  getRowId: (item: T) => string;
  /** How a skipped row is named in the toast (its e-mail, its title). */
  rowLabel: (item: T) => string;
  run: (ids: string[]) => Promise<BulkResult>;
  label: ReactNode;
  title: (count: number) => ReactNode;
  description?: ReactNode;
  destructive?: boolean;
  /** The toast's title: how many rows were changed (none: `none`). */
  done: (count: number) => string;
  none: string;
  failure: string;
  /** One skipped row's line: its label and the server's reason. */
  skipped: (label: string, reason: string) => string;
  /** The queries the change makes stale. */
  invalidate: QueryKey[];
  /** After a change: the selection is emptied. */
  onDone: () => void;
}

export function BulkAction<T>(props: BulkActionProps<T>) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const action = useMutation({
    mutationFn: (ids: string[]) => props.run(ids),
    onSettled: () => setOpen(false),
    onError: (error) => {
      if (!handledGlobally(error)) toast.error(props.failure, reasonDescription(error));
    },
    onSuccess: async (result) => {
      const byId = new Map(props.selected.map((item) => [props.getRowId(item), props.rowLabel(item)]));
      const lines = result.skipped.map((row) => props.skipped(byId.get(row.id) ?? row.id, row.message));
      const description = lines.length ? lines.join('\n') : undefined;
      if (result.done.length) toast.success(props.done(result.done.length), { description });
      else toast.error(props.none, { description });
      props.onDone();
      await Promise.all(props.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return (
    <>
      <Button variant={props.destructive ? 'destructive' : 'secondary'} size="sm" className="h-8" onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={props.title(props.selected.length)}
        description={props.description}
        confirmLabel={props.label}
        pending={action.isPending}
        onConfirm={() => action.mutate(props.selected.map(props.getRowId))}
      />
    </>
  );
}
