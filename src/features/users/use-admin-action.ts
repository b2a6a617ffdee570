// What a global handler shows (demo mode's dialog) is left to it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#/components/ui/toast';
import type { AuthCallError } from '#/features/auth/auth-client';
import { orpc } from '#/lib/api-client';
import { handledGlobally } from '#/lib/demo-mode-events';
import { useAuthErrorMessage } from '#/lib/i18n/use-auth-error';

export function useAdminAction<V>(
  run: (variables: V) => Promise<unknown>,
  messages: { success: string; failure: string; onSuccess?: () => unknown },
) {
  const queryClient = useQueryClient();
  const errorMessage = useAuthErrorMessage();
  return useMutation({
    mutationFn: run,
    onError: (error: AuthCallError) => {
      if (!handledGlobally(error)) toast.error(messages.failure, { description: errorMessage(error) });
    },
    onSuccess: async () => {
      if (messages.success) toast.success(messages.success);
      await messages.onSuccess?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orpc.users.key() }),
        queryClient.invalidateQueries({ queryKey: orpc.dashboard.key() }),
      ]);
    },
  });
}
