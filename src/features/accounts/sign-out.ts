import { apiRequest } from '#lib/api.ts';
import { toast } from '#lib/stores/toast.ts';
import { AUTH } from './copy.ts';

/**
 * Signs out through the API helper. A failure is the destructive 'Logout failed' toast with the
 * error's message, and the person stays signed in; answers whether it worked.
 */
export async function signOutInBrowser(): Promise<boolean> {
  try {
    await apiRequest('POST', '/api/logout');
    return true;
  } catch (error) {
    toast({
      title: AUTH.logoutFailedTitle,
      description: error instanceof Error ? error.message : AUTH.logoutFailedTitle,
      variant: 'destructive',
    });
    return false;
  }
}
