import {
  emailSchema,
  accountsMessages as m,
  mobileSchema,
  OTP_LENGTH,
  type RegistrationForm,
  registrationFormSchema,
} from '@assess/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { BusyButton } from '../../components/BusyButton';
import { errorProps } from '../../components/FormFields';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { accountsApi, useExists, useRegister } from '../accounts/api';
import { AuthForm } from './AuthForm';
import { AuthLink } from './BackToLogIn';
import { homePathOf, useSession } from './session';

type Notice = { severity: AlertColor; text: string } | null;

const isEmail = (v: string) => emailSchema.safeParse(v).success;
const isMobile = (v: string) => mobileSchema.safeParse(v).success;
const normalEmail = (v: string) => v.trim().toLowerCase();
const messageOf = (e: unknown, fallback: string) => (isApiError(e) && e.status > 0 ? e.message : fallback);

/** Seconds left until `until` (a Date.now() value), ticking every second. */
function useCountdown(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}
const mmss = (s: number) =>
  `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * /auth/signUp: trial self-registration (spec part 1 §2 "Register", §4 and §5 "Registration"). The e-mail
 * is verified by OTP (the server holds the verification; the screen keeps its token for Create User),
 * e-mail and mobile are checked live, and Create User checks in the spec's order before calling.
 */
export function SignUpView() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const registerUser = useRegister();
  const [notice, setNotice] = useState<Notice>(null);
  const [otp, setOtp] = useState('');
  const [otpSentTo, setOtpSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [verified, setVerified] = useState<{ email: string; token: string } | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const { register, control, trigger, getValues, formState } = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', mobile: '', password: '', confirmPassword: '' },
  });
  const email = useWatch({ control, name: 'email' }) ?? '';
  const mobile = useWatch({ control, name: 'mobile' }) ?? '';
  const emailCheck = useExists('email', email, isEmail);
  const mobileCheck = useExists('mobile', mobile, isMobile);
  const isVerified = verified !== null && verified.email === normalEmail(email);

  const sendOtp = useMutation({
    mutationFn: (address: string) => accountsApi.sendOtp(address),
    onSuccess: (r, address) => {
      setNotice({ severity: 'success', text: r.message });
      setOtpSentTo(address);
      setOtp('');
      setResendAt(Date.now() + r.resendAfterSeconds * 1000);
    },
    onError: (e) => setNotice({ severity: 'error', text: messageOf(e, m.otpSendError) }),
  });
  const verifyOtp = useMutation({
    mutationFn: ({ address, code }: { address: string; code: string }) =>
      accountsApi.verifyOtp(address, code),
    onSuccess: (r, { address }) => {
      setNotice({ severity: 'success', text: r.message });
      setVerified({ email: address, token: r.verificationToken });
      setResendAt(null);
    },
    onError: (e) => setNotice({ severity: 'error', text: messageOf(e, m.otpVerifyError) }),
  });

  if (session.data && !registerUser.isPending && !registerUser.isSuccess) {
    return <Navigate to={homePathOf(session.data)} replace />;
  }

  const onVerifyEmail = async () => {
    const address = normalEmail(getValues('email'));
    if (!address) return setNotice({ severity: 'error', text: m.enterEmail });
    if (!(await trigger('email'))) return;
    if (emailCheck.exists) return setNotice({ severity: 'error', text: m.emailExists });
    sendOtp.mutate(address);
  };

  const onVerifyOtp = () => {
    if (!otp.trim()) return setNotice({ severity: 'error', text: m.enterOtp });
    if (!otpSentTo) return;
    verifyOtp.mutate({ address: otpSentTo, code: otp.trim() });
  };

  // Create User: the spec's four checks, in its order, then the call.
  const onCreate = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!isVerified || !verified) return setNotice({ severity: 'error', text: m.verifyEmail });
    if (emailCheck.exists) return setNotice({ severity: 'error', text: m.emailExists });
    if (mobileCheck.exists) return setNotice({ severity: 'error', text: m.mobileExists });
    if (!(await trigger())) return setNotice({ severity: 'error', text: m.fillAllFields });
    setNotice(null);
    const values = registrationFormSchema.parse(getValues());
    registerUser.mutate(
      { ...values, verificationToken: verified.token },
      {
        onSuccess: (r) => {
          toast.success(r.message, { duration: 5000 });
          navigate(homePathOf(r.session), { replace: true });
        },
        onError: (err) => setNotice({ severity: 'error', text: messageOf(err, m.fillAllFields) }),
      },
    );
  };

  const errors = formState.errors;
  const emailError = errors.email?.message ?? (emailCheck.exists && !isVerified ? m.emailExists : undefined);
  const mobileError = errors.mobile?.message ?? (mobileCheck.exists ? m.mobileExists : undefined);
  const otpPending = otpSentTo !== null && otpSentTo === normalEmail(email) && !isVerified;
  const canResend = secondsLeft === 0;

  return (
    <AuthForm
      id="sign-up-title"
      title="Sign Up"
      intro="Create a trial account for your institution. The trial lasts 3 days."
      introGap={2}
      onSubmit={onCreate}
    >
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 1 }} role="alert" data-testid="sign-up-notice">
          {notice.text}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          margin="dense"
          required
          {...register('firstName')}
          {...errorProps(errors.firstName)}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          margin="dense"
          required
          {...register('lastName')}
          {...errorProps(errors.lastName)}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          margin="dense"
          required
          sx={{ flex: 1 }}
          {...register('email')}
          error={Boolean(emailError)}
          helperText={emailError ?? (isVerified ? 'Verified' : undefined)}
          slotProps={{
            input: {
              readOnly: isVerified,
              endAdornment: isVerified ? (
                <InputAdornment position="end">
                  <CheckCircle color="success" aria-label="Email verified" />
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        {!isVerified && (
          <Button
            variant="outlined"
            onClick={onVerifyEmail}
            disabled={sendOtp.isPending || (otpPending && !canResend)}
            sx={{ mt: 1.5, minWidth: 96, height: 40 }}
          >
            {sendOtp.isPending ? <CircularProgress size={18} /> : otpPending ? 'Resend' : 'Verify'}
          </Button>
        )}
      </Box>
      {otpPending && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label="OTP"
            sx={{ flex: 1 }}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            margin="dense"
            autoComplete="one-time-code"
            helperText={
              canResend ? 'You can ask for a new OTP now.' : `Resend available in ${mmss(secondsLeft)}`
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH } }}
          />
          <Button
            variant="contained"
            onClick={onVerifyOtp}
            disabled={verifyOtp.isPending}
            sx={{ mt: 1.5, minWidth: 96, height: 40 }}
          >
            Verify OTP
          </Button>
        </Box>
      )}
      <TextField
        label="Mobile"
        autoComplete="tel-national"
        margin="dense"
        required
        {...register('mobile')}
        error={Boolean(mobileError)}
        helperText={mobileError}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
      <NewPasswordFields
        register={register}
        errors={errors}
        name="password"
        confirmName="confirmPassword"
        label="Password"
        required
      />
      <BusyButton
        type="submit"
        size="large"
        fullWidth
        disabled={registerUser.isPending}
        busy={registerUser.isPending}
        sx={{ mt: 2 }}
      >
        Create User
      </BusyButton>
      <AuthLink before="Already have an account?" to="/auth" link="Log in" mt={3} />
    </AuthForm>
  );
}

export { SignUpView as Component };
