/**
 * The user form (new and update): name, e-mail and role, validated by the same schema as the API.
 * A taken e-mail shows on its field; leaving with unsaved changes asks first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '#/components/ui/toast';
import { UnsavedChangesGuard } from '#/components/unsaved-changes';
import { Button } from '#/components/ui/button';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { ROLE_NAMES } from '#/lib/permissions';
import { RoleSelect } from './user-badges';
import { createUser, updateUser, type WriteError } from './users.functions';
import { userInputSchema, type ManagedUser, type UserInput } from './users.schema';

/** A refusal becomes an Error with its code, so the global handlers (demo mode) see it too. */
const refusal = (error: WriteError) => Object.assign(new Error(error.message), error);

export function FormUser({ user, onSaved }: { user?: ManagedUser; onSaved: (user: ManagedUser) => void }) {
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
    mutationFn: async (values: UserInput) => {
      const data = userInputSchema.parse(values);
      const result = user ? await updateUser({ data: { id: user.id, ...data } }) : await createUser({ data });
      if (!result.ok) throw refusal(result.error);
      return result.value;
    },
    onSuccess: async (value) => {
      saved.current = true;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
      onSaved(value);
    },
    onError: (error: Error & Partial<WriteError>) => {
      if (error.code === 'DEMO_MODE') return;
      if (error.field === 'email') form.setError('email', { message: error.message });
      else toast.error(t('form.saveFailed'), { description: error.message });
    },
  });

  const message = (key?: string) =>
    key ? (key.startsWith('users:') ? t(key.slice('users:'.length) as 'form.nameRequired') : key) : undefined;
  const errors = form.formState.errors;
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex max-w-xl flex-col gap-4">
        <Field label={t('form.name')} error={message(errors.name?.message)}>
          {(ids) => <Input {...ids} autoComplete="off" {...form.register('name')} />}
        </Field>
        <Field label={t('form.email')} error={message(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="off" {...form.register('email')} />}
        </Field>
        <Field label={t('form.role')} error={message(errors.role?.message)}>
          {(ids) => <RoleSelect {...ids} {...form.register('role')} />}
        </Field>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {user ? t('form.save') : t('form.create')}
        </Button>
      </form>
      <UnsavedChangesGuard unsaved={() => dirty && !saved.current} />
    </>
  );
}
