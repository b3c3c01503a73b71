/**
 * Which chat agents have a live socket, across every server process. The real-time layer
 * answers it (through the Redis adapter when there is one); without it nobody is connected.
 */
export interface ChatPresence {
  connectedAgentIds(): Promise<number[]>;
}

export const nobodyConnected: ChatPresence = { connectedAgentIds: async () => [] };
