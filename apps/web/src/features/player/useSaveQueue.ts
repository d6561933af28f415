import { learnerEndpoints, type SavedAnswer } from '@assess/contracts/learner';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { call } from '../../lib/api';
import { browserStore } from './localStore';
import { SaveQueue } from './saveQueue';

/**
 * The player's save queue for one attempt: merges the server's answers with those kept in this browser once,
 * follows the browser's online / offline events, and re-renders on every change of its snapshot.
 */
export function useSaveQueue(attemptId: number, serverAnswers: SavedAnswer[]) {
  const [queue] = useState(() => {
    const q: SaveQueue = new SaveQueue({
      attemptId,
      store: browserStore(),
      initial: serverAnswers,
      send: (answers) => call(learnerEndpoints.saveAnswers, { params: { attemptId }, body: { answers } }),
      // another device saved newer answers: read them so this one shows what the server holds
      onSuperseded: () => {
        call(learnerEndpoints.attempt, { params: { attemptId } }).then(
          (state) => q.adopt(state.answers),
          () => undefined,
        );
      },
    });
    return q;
  });
  const [initial] = useState(serverAnswers);
  useEffect(() => {
    void queue.load(initial);
  }, [queue, initial]);
  useEffect(() => {
    const online = () => queue.setOnline(true);
    const offline = () => queue.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (!navigator.onLine) queue.setOnline(false);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      queue.dispose();
    };
  }, [queue]);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return { queue, ...snapshot };
}
