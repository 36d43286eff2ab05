import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

interface AuthSwitchLinkProps {
  /** "No account yet?" */
  question: string;
  /** "Sign up" */
  action: string;
  to: string;
}

/** Under a sign-in or sign-up form: the way to the other one. */
export function AuthSwitchLink({ question, action, to }: AuthSwitchLinkProps) {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: "center" }}>
      {question}{" "}
      <Link component={RouterLink} to={to}>
        {action}
      </Link>
    </Typography>
  );
}
