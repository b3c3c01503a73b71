import type { Socket } from 'socket.io-client';
import { currentLanguage } from '../i18n';

/**
 * A staff socket (`/api/socket.io`, the session's token). socket.io-client loads with the first
 * socket, not with the shell: a page's first render does not wait for it (e2e/support/bundle.ts).
 */
export async function openStaffSocket(token: string): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({ path: '/api/socket.io', auth: { token, language: currentLanguage() }, transports: ['websocket'] });
}
