import type { FactsResponse } from '../../../contracts/assistant';
import type { Topic } from '../../../core/assistant/facts';
import { api } from '../../lib/api';

/** The signed-in investor's own facts on one question, computed by the server. */
export function fetchFacts(topic: Topic): Promise<FactsResponse> {
  return api<FactsResponse>(`/api/assistant/facts/${topic}`);
}
