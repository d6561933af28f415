import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';

/** An unknown path inside a signed-in layout. */
export function NotFoundInLayout() {
  return (
    <EmptyState
      message="Page not found"
      description="The address you opened does not exist in the console."
      action={
        <Button component={Link} to="/admin/dashboard" variant="contained">
          Go to the dashboard
        </Button>
      }
    />
  );
}

export { NotFoundInLayout as Component };
