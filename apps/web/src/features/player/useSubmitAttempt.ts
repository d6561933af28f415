import { type AttemptResultView, learnerEndpoints } from '@assess/contracts/learner';
import { useCallback, useRef, useState } from 'react';
import { useConfirm } from '../../components/Confirm';
import { useToast } from '../../components/Toast';
import { call, isApiError } from '../../lib/api';
import { forgetKeptAttempt } from './localStore';
import type { SaveQueue } from './saveQueue';

/** How long Submit waits for the last answers to be acknowledged before giving up (the student may retry). */
const FLUSH_WAIT_MS = 15_000;

const within = <T>(p: Promise<T>, ms: number, fallback: T) =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), ms))]);

export const unsavedOnSubmit =
  'Some answers are not saved yet. Check the connection and submit again: they are kept on this device.';

export const submitQuestion = (unanswered: number, total: number, bookmarked = 0) => {
  const answered =
    unanswered === 0
      ? `All ${total} questions are answered.`
      : `${unanswered} of ${total} questions ${unanswered === 1 ? 'is' : 'are'} unanswered.`;
  const review =
    bookmarked === 0
      ? ''
      : ` ${bookmarked} ${bookmarked === 1 ? 'question is' : 'questions are'} bookmarked for review.`;
  return `${answered}${review} Submit your answers now? You cannot change them afterwards.`;
};

/**
 * Submit: asks first (with the number unanswered), sends the answers not yet acknowledged, then submits. At the
 * deadline it does the same without asking; the server closes the attempt with what it holds if the last
 * answers cannot be sent.
 */
export function useSubmitAttempt(attemptId: number, queue: SaveQueue) {
  const confirm = useConfirm();
  const toast = useToast();
  const [result, setResult] = useState<AttemptResultView | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const done = useRef(false);

  const submit = useCallback(
    async ({
      auto,
      unanswered,
      total,
      bookmarked = 0,
    }: {
      auto: boolean;
      unanswered: number;
      total: number;
      bookmarked?: number;
    }) => {
      if (busy.current || done.current) return;
      if (!auto) {
        const ok = await confirm({
          title: 'Submit the test?',
          message: submitQuestion(unanswered, total, bookmarked),
          confirmText: 'Submit',
        });
        if (!ok) return;
      }
      busy.current = true;
      setSubmitting(true);
      try {
        const flushed = await within(queue.flush(), FLUSH_WAIT_MS, false);
        if (!flushed && !auto && !queue.getSnapshot().error) {
          toast.error(unsavedOnSubmit, { duration: 6000 });
          return;
        }
        const r = await call(learnerEndpoints.submit, { params: { attemptId } }).catch(async (e) => {
          // closed by the server meanwhile (deadline): its result is there to read
          if (isApiError(e) && e.status === 409)
            return call(learnerEndpoints.result, { params: { attemptId } });
          throw e;
        });
        done.current = true;
        void forgetKeptAttempt(attemptId);
        setResult(r);
      } catch (e) {
        toast.error(isApiError(e) ? e.message : String(e), { duration: 6000 });
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [attemptId, queue, confirm, toast],
  );
  return { submit, submitting, result };
}
