import {
  type EmailLookup,
  studentMessages as m,
  makeStudentFormSchema,
  type StudentForm,
  type StudentFormInput,
} from '@assess/contracts/students';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { useToast } from '../../components/Toast';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { isApiError } from '../../lib/api';
import { useSaveStudent, useStudentDetail, useStudentLookups } from './api';
import { EducationFields } from './form/EducationFields';
import { InterestFields } from './form/InterestFields';
import { ParentFields } from './form/ParentFields';
import { StudentInfoFields } from './form/StudentInfoFields';
import { useContactChecks } from './form/useContactChecks';
import { defaultsOf, keepingChoices, valuesOf } from './form/values';
import { ProfilePictureField } from './ProfilePictureField';

/** The form closes about 2 s after a successful save (part 1 §4, §9). */
export const FORM_CLOSE_MS = 2000;

/** 'New Student' / 'Update Student' form (part 1 §2 "Student add and edit form", §5 "Student form"). */
export function StudentFormModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const toast = useToast();
  const lookups = useStudentLookups();
  const detail = useStudentDetail(userId);
  const save = useSaveStudent(userId);
  const closeLater = useCloseAfterSuccess(onClose, FORM_CLOSE_MS);
  const isAdd = userId === null;
  /** An existing student found by the e-mail lookup: personal details locked, password kept. */
  const [existing, setExisting] = useState(false);
  const [done, setDone] = useState(false);
  const schema = useMemo(
    () => makeStudentFormSchema({ passwordRequired: isAdd && !existing }),
    [isAdd, existing],
  );
  const form = useForm<StudentFormInput, unknown, StudentForm>({
    resolver: zodResolver(schema),
    defaultValues: defaultsOf(undefined),
    mode: 'onTouched',
  });
  const { reset, getValues } = form;
  const loading = lookups.isPending || (!isAdd && detail.isPending);

  // defaults once the lists (and the student) are loaded
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || lookups.isPending) return;
    if (!isAdd && !detail.data) return;
    filled.current = true;
    reset(isAdd ? defaultsOf(lookups.data) : valuesOf(detail.data!));
  }, [isAdd, lookups.isPending, lookups.data, detail.data, reset]);

  const v = form.watch();
  /** The lookup found a student in reach (its details, locked) or stopped finding one (the defaults again). */
  const onLookup = (answer: EmailLookup, email: string) => {
    if (answer.found === 'inReach') {
      toast.info(answer.message, { duration: 5000 });
      reset(keepingChoices(valuesOf(answer.student), getValues(), email));
      setExisting(true);
    } else {
      if (existing) reset(keepingChoices(defaultsOf(lookups.data), getValues(), email));
      setExisting(false);
    }
  };
  const checks = useContactChecks({
    email: v.studentInfo.email,
    mobile: v.studentInfo.mobile,
    userId,
    // once saved, the student is the server's: the refreshed lists must not re-run the checks against her
    lookupEmail: isAdd && !done,
    checkMobile: !existing && !done,
    onLookup,
  });

  const s = v.studentInfo;
  const missing =
    !s.fullName ||
    !s.mobile ||
    !s.email ||
    s.gender === '' ||
    s.gender == null ||
    !s.dob ||
    (isAdd && !existing && !s.passCode) ||
    !v.educationInfo.language;
  const submitDisabled =
    save.isPending || done || loading || !!checks.emailTaken || !!checks.mobileTaken || missing;

  const onValid = async (body: StudentForm) => {
    const { confirm: _c, ...payload } = body;
    try {
      const r = await save.mutateAsync(payload);
      toast.success(r.message);
      setDone(true);
      closeLater();
    } catch (e) {
      const message = isApiError(e) ? e.message : isAdd ? m.registrationError : m.updateFailed;
      if (message === m.emailExists || message === m.emailIdExists) checks.refused('email', message);
      if (message === m.mobileExists) checks.refused('mobile', message);
      toast.error(message, { duration: message === m.licenceLimit ? 3000 : 5000 });
    }
  };
  const onInvalid = () => toast.error(m.mandatory);
  const submit = form.handleSubmit(onValid, onInvalid);
  const l = lookups.data;

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={form.formState.isDirty && !done}
      title={isAdd ? 'New Student' : 'Update Student'}
      maxWidth="lg"
      disableClose={save.isPending}
      showCancel
      okText={isAdd ? 'Add' : 'Update'}
      onOk={submit}
      okDisabled={submitDisabled}
      okLoading={save.isPending}
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading student" />
        </Box>
      ) : (
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={submit} aria-label="Student">
            {existing && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {m.alreadyRegistered}
              </Alert>
            )}
            {!isAdd && <ProfilePictureField userId={userId} name={s.fullName} />}
            <StudentInfoFields
              lists={l}
              isAdd={isAdd}
              locked={existing}
              emailTaken={checks.emailTaken}
              mobileTaken={checks.mobileTaken}
            />
            <EducationFields lists={l} />
            <InterestFields interests={l?.interest ?? []} />
            <ParentFields lists={l} locked={existing} />
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Box>
        </FormProvider>
      )}
    </AppModal>
  );
}
