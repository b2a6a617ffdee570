/** Runs one organisation write (Better Auth's or the product API's), then refreshes every organisation read. */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from '#/components/ui/toast';
import { authCall } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { withRecentSignIn } from '#/lib/reauthentication-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';

type AuthResult<T> = Promise<{ data: T; error: null } | { data: null; error: { code?: string; message?: string; status: number } }>;

export function useOrganizationAction() {
  const queryClient = useQueryClient();
  const errorMessage = useAuthErrorMessage();
  const [pending, setPending] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.organizations.key() });

  // `leave`: where to go first when the current page is gone (a deleted or left organisation), so
  // its read is not fetched again. Resolves to undefined when refused.
  async function run<T>(
    call: () => AuthResult<T> | Promise<T>,
    success?: ReactNode,
    leave?: () => Promise<unknown>,
  ): Promise<T | undefined> {
    setPending(true);
    try {
      // A sensitive one (deleting it, its second-factor rule) asks an old sign-in to confirm first, then runs again.
      const data = await withRecentSignIn(async () => {
        const result = await call();
        return result && typeof result === 'object' && 'error' in result && 'data' in result
          ? authCall(Promise.resolve(result as Awaited<AuthResult<T>>))
          : (result as T);
      });
      if (success) toast.success(success);
      if (leave) {
        await leave();
        queryClient.removeQueries({ queryKey: orpc.organizations.key() });
      }
      await refresh();
      return data;
    } catch (error) {
      if (!handledGlobally(error)) toast.error(errorMessage(error as { code?: string; message?: string }));
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, refresh };
}
