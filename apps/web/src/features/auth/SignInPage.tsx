import { type SignInBody, signInBodySchema } from '@assess/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { BusyButton } from '../../components/BusyButton';
import { AuthForm } from './AuthForm';
import { AuthLink } from './BackToLogIn';
import { homePathOf, useSession, useSignIn } from './session';

/** An empty field reads "Enter your ..."; other schema messages are shown as they come. */
const fieldMessage = (error: FieldError | undefined, what: string) =>
  error ? (error.type === 'too_small' ? `Enter your ${what}` : error.message) : undefined;

/** /auth: sign-in with UserName and Password (spec part 1 §2 "Sign-in"); validated by signInBodySchema. */
export function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const { register, handleSubmit, formState } = useForm<SignInBody>({
    resolver: zodResolver(signInBodySchema),
    defaultValues: { userName: '', password: '' },
  });

  if (session.data && !signIn.isPending) return <Navigate to={homePathOf(session.data)} replace />;

  const onSubmit = handleSubmit((body) =>
    signIn.mutate(body, { onSuccess: (s) => navigate(homePathOf(s), { replace: true }) }),
  );
  const errors = formState.errors;

  return (
    <AuthForm
      id="sign-in-title"
      title="Log in"
      intro="Sign in to your console with your user name and password."
      onSubmit={onSubmit}
    >
      {signIn.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="sign-in-error">
          {signIn.error.message}
        </Alert>
      )}
      <TextField
        label="UserName"
        autoComplete="username"
        autoFocus
        margin="normal"
        {...register('userName')}
        error={Boolean(errors.userName)}
        helperText={fieldMessage(errors.userName, 'user name')}
      />
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        margin="normal"
        {...register('password')}
        error={Boolean(errors.password)}
        helperText={fieldMessage(errors.password, 'password')}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  onClick={() => setShowPassword((v) => !v)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, mb: 2 }}>
        <Link component={RouterLink} to="/auth/forgotPassword" variant="body2">
          Forgot Password ?
        </Link>
      </Box>
      <BusyButton type="submit" size="large" fullWidth disabled={signIn.isPending} busy={signIn.isPending}>
        Log in
      </BusyButton>
      <AuthLink before="New to the console?" to="/auth/signUp" link="Sign Up" mt={3} />
    </AuthForm>
  );
}

export { SignInPage as Component };
