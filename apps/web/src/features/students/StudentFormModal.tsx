import type { ConfigurationLists } from '@assess/contracts/configuration';
import {
  isoDay,
  isValidEmail,
  isValidMobile,
  studentMessages as m,
  makeStudentFormSchema,
  type StudentDetail,
  type StudentForm,
  type StudentFormInput,
} from '@assess/contracts/students';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormText, LookupSelect } from '../../components';
import { AppModal } from '../../components/AppModal';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { checkMobile, lookupEmail, useSaveStudent, useStudentDetail, useStudentLookups } from './api';
import { ProfilePictureField } from './ProfilePictureField';

/** The form closes about 2 s after a successful save (part 1 §4, §9). */
export const FORM_CLOSE_MS = 2000;

const emptySibling = { siblingName: '', schoolCollege: '', mobile: '', email: '', dob: '', education: '' };

/** Values preselected from the rows marked isDefault (part 1 §2). */
function defaultsOf(l: ConfigurationLists | undefined): StudentFormInput {
  const def = (list: { id: number; isDefault: boolean }[] | undefined) =>
    list?.find((v) => v.isDefault)?.id ?? null;
  return {
    studentInfo: {
      fullName: '',
      email: '',
      mobile: '',
      gender: '',
      dob: '',
      passCode: '',
      address: '',
      state: def(l?.state),
      city: def(l?.city),
      pinCode: '',
      fatherName: '',
      fatherMobile: '',
      fatherEmail: '',
      fatherProfession: def(l?.profession),
    },
    educationInfo: {
      language: def(l?.language),
      board: def(l?.educationBoard),
      class: def(l?.class),
      education: def(l?.education),
    },
    interestList: [],
    siblingDetailsList: [],
    confirm: '',
  };
}

/** A stored student as form values (nulls as empty text; the password is never known). */
function valuesOf(d: StudentDetail): StudentFormInput {
  const s = d.studentInfo;
  return {
    studentInfo: {
      fullName: s.fullName ?? '',
      email: s.email ?? '',
      mobile: s.mobile ?? '',
      gender: s.gender ?? '',
      dob: s.dob ?? '',
      passCode: '',
      address: s.address ?? '',
      state: s.state,
      city: s.city,
      pinCode: s.pinCode ?? '',
      fatherName: s.fatherName ?? '',
      fatherMobile: s.fatherMobile ?? '',
      fatherEmail: s.fatherEmail ?? '',
      fatherProfession: s.fatherProfession,
    },
    educationInfo: d.educationInfo,
    interestList: d.interestList,
    siblingDetailsList: d.siblingDetailsList.map((x) => ({
      siblingName: x.siblingName ?? '',
      schoolCollege: x.schoolCollege ?? '',
      mobile: x.mobile ?? '',
      email: x.email ?? '',
      dob: x.dob ?? '',
      education: x.education ?? '',
    })),
    confirm: '',
  };
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
        {legend}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}
const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={{ xs: 12, sm: wide ? 12 : 6, md: wide ? 12 : 4 }}>{children}</Grid>
);

/** 'New Student' / 'Update Student' form (part 1 §2 "Student add and edit form", §5 "Student form"). */
export function StudentFormModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const toast = useToast();
  const lookups = useStudentLookups();
  const detail = useStudentDetail(userId);
  const save = useSaveStudent(userId);
  const isAdd = userId === null;
  /** An existing student found by the e-mail lookup: personal details locked, password kept. */
  const [existing, setExisting] = useState(false);
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  const [mobileTaken, setMobileTaken] = useState<string | null>(null);
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
  const { control, reset, watch, setValue, getValues } = form;
  const loading = lookups.isPending || (!isAdd && detail.isPending);

  // defaults once the lists (and the student) are loaded
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || lookups.isPending) return;
    if (!isAdd && !detail.data) return;
    filled.current = true;
    reset(isAdd ? defaultsOf(lookups.data) : valuesOf(detail.data!));
  }, [isAdd, lookups.isPending, lookups.data, detail.data, reset]);

  const lookupTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onEmail = (email: string) => {
    if (!isAdd) return;
    clearTimeout(lookupTimer.current);
    setEmailTaken(null);
    lookupTimer.current = setTimeout(async () => {
      if (!isValidEmail(email)) return;
      try {
        const r = await lookupEmail(email.trim());
        if (getValues('studentInfo.email') !== email) return;
        if (r.found === 'inReach') {
          toast.info(r.message, { duration: 5000 });
          const v = valuesOf(r.student);
          const keep = getValues();
          reset({
            ...v,
            studentInfo: { ...v.studentInfo, email },
            educationInfo: keep.educationInfo,
            interestList: keep.interestList,
          });
          setExisting(true);
        } else {
          if (existing) {
            const keep = getValues();
            const d = defaultsOf(lookups.data);
            reset({
              ...d,
              studentInfo: { ...d.studentInfo, email },
              educationInfo: keep.educationInfo,
              interestList: keep.interestList,
            });
          }
          setExisting(false);
          if (r.found === 'exists') setEmailTaken(r.message);
        }
      } catch (e) {
        if (isApiError(e) && e.status === 400) toast.warning(e.message);
      }
    }, 400);
  };
  const mobileTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onMobile = (mobile: string) => {
    clearTimeout(mobileTimer.current);
    setMobileTaken(null);
    if (existing || !isValidMobile(mobile)) return;
    mobileTimer.current = setTimeout(async () => {
      const r = await checkMobile(mobile, userId ?? undefined).catch(() => null);
      if (r?.exists && getValues('studentInfo.mobile') === mobile) setMobileTaken(r.message);
    }, 400);
  };
  useEffect(
    () => () => {
      clearTimeout(lookupTimer.current);
      clearTimeout(mobileTimer.current);
    },
    [],
  );

  const v = watch();
  const missing =
    !v.studentInfo.fullName ||
    !v.studentInfo.mobile ||
    !v.studentInfo.email ||
    v.studentInfo.gender === '' ||
    v.studentInfo.gender == null ||
    !v.studentInfo.dob ||
    (isAdd && !existing && !v.studentInfo.passCode) ||
    !v.educationInfo.language;
  const submitDisabled = save.isPending || done || loading || !!emailTaken || !!mobileTaken || missing;

  const onValid = async (body: StudentForm) => {
    const { confirm: _c, ...payload } = body;
    try {
      const r = await save.mutateAsync(payload);
      toast.success(r.message);
      setDone(true);
      setTimeout(onClose, FORM_CLOSE_MS);
    } catch (e) {
      const message = isApiError(e) ? e.message : isAdd ? m.registrationError : m.updateFailed;
      if (message === m.emailExists || message === m.emailIdExists) setEmailTaken(message);
      if (message === m.mobileExists) setMobileTaken(message);
      toast.error(message, { duration: message === m.licenceLimit ? 3000 : 5000 });
    }
  };
  const onInvalid = () => toast.error(m.mandatory);
  const locked = existing;
  const l = lookups.data;
  const siblings = v.siblingDetailsList ?? [];
  const allInterests = l?.interest ?? [];
  const chosen = new Set(v.interestList ?? []);
  const allChosen = allInterests.length > 0 && allInterests.every((i) => chosen.has(i.id));

  return (
    <AppModal
      open
      onClose={onClose}
      title={isAdd ? 'New Student' : 'Update Student'}
      maxWidth="lg"
      disableClose={save.isPending}
      showCancel
      okText={isAdd ? 'Add' : 'Update'}
      onOk={form.handleSubmit(onValid, onInvalid)}
      okDisabled={submitDisabled}
      okLoading={save.isPending}
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading student" />
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          aria-label="Student"
        >
          {existing && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {m.alreadyRegistered}
            </Alert>
          )}
          {!isAdd && userId !== null && (
            <ProfilePictureField userId={userId} name={v.studentInfo?.fullName ?? ''} />
          )}
          <Fieldset legend="Student Information">
            <Cell>
              <FormText
                control={control}
                name="studentInfo.email"
                label="Email"
                required
                onValueChange={onEmail}
              />
              {emailTaken && (
                <Typography color="error" variant="caption" role="alert">
                  {emailTaken}
                </Typography>
              )}
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.fullName"
                label="Full Name"
                required
                disabled={locked}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.mobile"
                label="Mobile No"
                required
                disabled={locked}
                onValueChange={onMobile}
                inputProps={{ maxLength: 10, inputMode: 'numeric' }}
              />
              {mobileTaken && (
                <Typography color="error" variant="caption" role="alert">
                  {mobileTaken}
                </Typography>
              )}
            </Cell>
            <Cell>
              <Controller
                control={control}
                name="studentInfo.gender"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    label="Gender"
                    required
                    disabled={locked}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  >
                    <MenuItem value="">
                      <em>Select</em>
                    </MenuItem>
                    <MenuItem value={1}>Male</MenuItem>
                    <MenuItem value={2}>Female</MenuItem>
                    <MenuItem value={3}>Others</MenuItem>
                  </TextField>
                )}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.dob"
                label="Date of Birth"
                type="date"
                required
                disabled={locked}
                inputProps={{ max: isoDay(new Date()) }}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.pinCode"
                label="Pin Code"
                disabled={locked}
                inputProps={{ maxLength: 6, inputMode: 'numeric' }}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.passCode"
                label="Password"
                type="password"
                required={isAdd && !existing}
                disabled={locked}
                helper={isAdd ? undefined : 'Leave empty to keep the current password'}
                inputProps={{ autoComplete: 'new-password' }}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="confirm"
                label="Confirm Password"
                type="password"
                required={isAdd && !existing}
                disabled={locked}
                inputProps={{ autoComplete: 'new-password' }}
              />
            </Cell>
            <Cell>
              <FormText control={control} name="studentInfo.address" label="Address" disabled={locked} />
            </Cell>
            <Cell>
              <LookupSelect control={control} name="studentInfo.state" label="State" options={l?.state} />
            </Cell>
            <Cell>
              <LookupSelect control={control} name="studentInfo.city" label="City" options={l?.city} />
            </Cell>
          </Fieldset>
          <Fieldset legend="Education Information">
            <Cell>
              <LookupSelect
                control={control}
                name="educationInfo.language"
                label="Language"
                options={l?.language}
                required
              />
            </Cell>
            <Cell>
              <LookupSelect
                control={control}
                name="educationInfo.board"
                label="Board"
                options={l?.educationBoard}
              />
            </Cell>
            <Cell>
              <LookupSelect control={control} name="educationInfo.class" label="Class" options={l?.class} />
            </Cell>
            <Cell>
              <LookupSelect
                control={control}
                name="educationInfo.education"
                label="Education"
                options={l?.education}
              />
            </Cell>
          </Fieldset>
          <Fieldset legend="Interest">
            <Grid size={12}>
              <FormControlLabel
                label="All Selects"
                control={
                  <Checkbox
                    checked={allChosen}
                    indeterminate={!allChosen && chosen.size > 0}
                    onChange={(e) =>
                      setValue('interestList', e.target.checked ? allInterests.map((i) => i.id) : [], {
                        shouldDirty: true,
                      })
                    }
                  />
                }
              />
              <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                {allInterests.map((i) => (
                  <FormControlLabel
                    key={i.id}
                    label={i.value}
                    control={
                      <Checkbox
                        checked={chosen.has(i.id)}
                        onChange={(e) =>
                          setValue(
                            'interestList',
                            e.target.checked ? [...chosen, i.id] : [...chosen].filter((x) => x !== i.id),
                            { shouldDirty: true },
                          )
                        }
                      />
                    }
                  />
                ))}
              </Box>
            </Grid>
          </Fieldset>
          <Fieldset legend="Parent Details">
            <Cell>
              <FormText
                control={control}
                name="studentInfo.fatherName"
                label="Parent Name"
                disabled={locked}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.fatherMobile"
                label="Parent Mobile"
                disabled={locked}
                inputProps={{ maxLength: 10, inputMode: 'numeric' }}
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="studentInfo.fatherEmail"
                label="Parent Email"
                disabled={locked}
              />
            </Cell>
            <Cell>
              <LookupSelect
                control={control}
                name="studentInfo.fatherProfession"
                label="Parent Profession"
                options={l?.profession}
                disabled={locked}
              />
            </Cell>
            <Grid size={12}>
              {siblings.length === 0 ? (
                <Button size="small" onClick={() => setValue('siblingDetailsList', [{ ...emptySibling }])}>
                  + Add Sibling
                </Button>
              ) : (
                <Grid container spacing={2}>
                  <Cell>
                    <FormText
                      control={control}
                      name="siblingDetailsList.0.siblingName"
                      label="Sibling Name"
                    />
                  </Cell>
                  <Cell>
                    <FormText
                      control={control}
                      name="siblingDetailsList.0.schoolCollege"
                      label="School / College"
                    />
                  </Cell>
                  <Cell>
                    <FormText
                      control={control}
                      name="siblingDetailsList.0.mobile"
                      label="Sibling Mobile"
                      inputProps={{ maxLength: 10 }}
                    />
                  </Cell>
                  <Cell>
                    <FormText control={control} name="siblingDetailsList.0.email" label="Sibling Email" />
                  </Cell>
                  <Cell>
                    <FormText
                      control={control}
                      name="siblingDetailsList.0.dob"
                      label="Sibling Date of Birth"
                      type="date"
                      inputProps={{ max: isoDay(new Date()) }}
                    />
                  </Cell>
                  <Cell>
                    <FormText
                      control={control}
                      name="siblingDetailsList.0.education"
                      label="Sibling Education"
                    />
                  </Cell>
                  <Grid size={12}>
                    <Button size="small" color="inherit" onClick={() => setValue('siblingDetailsList', [])}>
                      Remove Sibling
                    </Button>
                  </Grid>
                </Grid>
              )}
            </Grid>
          </Fieldset>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      )}
    </AppModal>
  );
}
