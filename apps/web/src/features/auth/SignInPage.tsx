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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { BusyButton } from '../../components/BusyButton';
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
    <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="sign-in-title">
      <Typography id="sign-in-title" variant="h1" sx={{ fontSize: 28, mb: 0.5 }}>
        Log in
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Sign in to your console with your user name and password.
      </Typography>
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
      <Typography variant="body2" color="textSecondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to the console?{' '}
        <Link component={RouterLink} to="/auth/signUp">
          Sign Up
        </Link>
      </Typography>
    </Box>
  );
}

export { SignInPage as Component };
