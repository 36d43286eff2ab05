import { Link } from "react-router";

interface AuthSwitchLinkProps {
  /** "No account yet?" */
  question: string;
  /** "Sign up" */
  action: string;
  to: string;
}

/** Under a sign-in or sign-up form: the way to the other one (styles in auth.css, with the layout). */
export function AuthSwitchLink({ question, action, to }: AuthSwitchLinkProps) {
  return (
    <p className="auth-note auth-switch">
      {question}{" "}
      <Link className="auth-link" to={to}>
        {action}
      </Link>
    </p>
  );
}
