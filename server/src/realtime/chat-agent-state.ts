import type { Server } from 'socket.io';
import type { AppContext } from '../context.js';
import { activeChatsOf } from '../modules/chat/chat.repo.js';

/** The rooms of a chat's two sides (as realtime.ts names them). */
type ChatRooms = (ticketId: number) => string[];

/**
 * An agent who goes offline, or comes back, while chats they accepted are open: each chat's visitor
 * (and its staff room) gets `chat_event { type: 'agent_offline' | 'agent_online', ticket_id,
 * account_id, agent_name }`, so a visitor is not left typing to someone who left. Away and
 * invisible are not told: the idle timer's away comes and goes with the agent's absences.
 */
export function publishAgentState(ctx: AppContext, io: Server, chatRooms: ChatRooms): () => void {
  return ctx.events.on('account.chat_state', async (e) => {
    const left = e.chatState === 'offline';
    if (!left && e.previous !== 'offline') {
      return;
    }
    for (const ticketId of await activeChatsOf(ctx.db, e.accountId)) {
      io.to(chatRooms(ticketId)).emit('chat_event', {
        type: left ? 'agent_offline' : 'agent_online',
        ticket_id: ticketId,
        account_id: e.accountId,
        agent_name: e.agentName,
      });
    }
  });
}
