import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { FormActions } from '#/components/form-page';
import { UnsavedChangesGuard } from '#/components/unsaved-changes';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { orpc, showOnFields } from '#/lib/api-client';
import { ROLE_NAMES } from '#/lib/permissions';
import { RoleSelect } from './user-badges';
import { userInputSchema, type ManagedUser, type UserInput } from './users.schema';

export function FormUser({
  user,
  onSaved,
  onCancel,
}: {
  /** `lastAdmin` locks the role, with the reason shown. */
  user?: ManagedUser & { lastAdmin?: boolean };
  onSaved: (user: ManagedUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const saved = useRef(false);
  const form = useForm<UserInput>({
    resolver: zodResolver(userInputSchema),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: (ROLE_NAMES as string[]).includes(user?.role ?? '') ? (user?.role as UserInput['role']) : 'user',
    },
  });
  const dirty = form.formState.isDirty;

  const save = useMutation({
    mutationFn: (values: UserInput) => {
      const data = userInputSchema.parse(values);
      return user ? orpc.users.update.call({ id: user.id, ...data }) : orpc.users.create.call(data);
    },
    onSuccess: async (value) => {
      saved.current = true;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orpc.users.key() }),
        queryClient.invalidateQueries({ queryKey: orpc.dashboard.key() }),
      ]);
      onSaved(value);
    },
    onError: (error) => {
      const rest = showOnFields(error, form.setError, ['name', 'email', 'role']);
      if (rest !== undefined) toast.error(t('form.saveFailed'), rest ? { description: rest } : undefined);
    },
  });

  const message = (key?: string) =>
    key ? (key.startsWith('users:') ? t(key.slice('users:'.length) as 'form.nameRequired') : key) : undefined;
  const errors = form.formState.errors;
  // The server refuses demoting the last administrator; the form says so before anyone tries.
  const roleLocked = Boolean(user?.lastAdmin);
  const roleLockedId = useId();
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex w-full flex-col gap-5">
        <Field label={t('form.name')} error={message(errors.name?.message)}>
          {(ids) => <Input {...ids} autoComplete="off" {...form.register('name')} />}
        </Field>
        <Field label={t('form.email')} error={message(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="off" {...form.register('email')} />}
        </Field>
        <Field label={t('form.role')} error={message(errors.role?.message)}>
          {(ids) => (
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RoleSelect
                  {...ids}
                  aria-describedby={roleLocked ? `${ids['aria-describedby'] ?? ''} ${roleLockedId}`.trim() : ids['aria-describedby']}
                  disabled={roleLocked}
                  name={field.name}
                  value={field.value ?? 'user'}
                  onValueChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
        {roleLocked && (
          <p id={roleLockedId} className="-mt-3 text-sm text-muted-foreground">
            {t('detail.lastAdmin')}
          </p>
        )}
        <p className="-mt-3 text-sm text-muted-foreground">{t('form.roleHelp')}</p>
        <FormActions submitLabel={user ? t('form.save') : t('form.create')} pending={save.isPending} onCancel={onCancel} />
      </form>
      <UnsavedChangesGuard unsaved={() => dirty && !saved.current} />
    </>
  );
}
