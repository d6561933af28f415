import { type EmailLookup, isValidEmail, isValidMobile } from '@assess/contracts/students';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/Toast';
import { useDebounced } from '../../../components/useDebounced';
import { isApiError } from '../../../lib/api';
import { useEmailLookup, useMobileCheck } from '../api';

type Refusal = { value: string; message: string };

/**
 * The student form's live checks, each run on the value once typing pauses (the debounced-query pattern
 * of the console): the add form's e-mail lookup (`onLookup` gets each answer for the e-mail still in the
 * field) and whether another user holds the mobile number. `emailTaken` / `mobileTaken` are the messages
 * to show under the fields, for the values now in them; `refused` records the server's refusal of a save.
 */
export function useContactChecks(opts: {
  email: string;
  mobile: string;
  userId: number | null;
  /** Look the e-mail up (the add form). */
  lookupEmail: boolean;
  /** Check the mobile number (not while an existing student's details are shown). */
  checkMobile: boolean;
  onLookup: (answer: EmailLookup, email: string) => void;
}) {
  const toast = useToast();
  const email = opts.email.trim();
  const mobile = opts.mobile.trim();
  const settledEmail = useDebounced(email);
  const settledMobile = useDebounced(mobile);
  const emailNow = opts.lookupEmail && settledEmail === email && isValidEmail(email);
  const mobileNow = opts.checkMobile && settledMobile === mobile && isValidMobile(mobile);
  const lookup = useEmailLookup(settledEmail, opts.lookupEmail && isValidEmail(settledEmail));
  const mobileCheck = useMobileCheck(
    settledMobile,
    opts.userId,
    opts.checkMobile && isValidMobile(settledMobile),
  );
  const [refusals, setRefusals] = useState<{ email?: Refusal; mobile?: Refusal }>({});

  // Each answer of the lookup once, for the e-mail that is still in the field.
  const onLookup = useRef(opts.onLookup);
  onLookup.current = opts.onLookup;
  const handled = useRef<EmailLookup>(undefined);
  useEffect(() => {
    if (!emailNow || !lookup.data || handled.current === lookup.data) return;
    handled.current = lookup.data;
    onLookup.current(lookup.data, settledEmail);
  }, [emailNow, lookup.data, settledEmail]);

  const lookupError = lookup.error;
  useEffect(() => {
    if (isApiError(lookupError) && lookupError.status === 400) toast.warning(lookupError.message);
  }, [lookupError, toast]);

  const refusedFor = (r: Refusal | undefined, value: string) => (r?.value === value ? r.message : null);
  const answer = lookup.data;
  return {
    emailTaken:
      refusedFor(refusals.email, email) ?? (emailNow && answer?.found === 'exists' ? answer.message : null),
    mobileTaken:
      refusedFor(refusals.mobile, mobile) ??
      (mobileNow && mobileCheck.data?.exists ? mobileCheck.data.message : null),
    /** The server refused the save because of the e-mail or the mobile now in the field. */
    refused(field: 'email' | 'mobile', message: string) {
      setRefusals((r) => ({ ...r, [field]: { value: field === 'email' ? email : mobile, message } }));
    },
  };
}
