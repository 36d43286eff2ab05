import Button from "@mui/material/Button";
import { useTheme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ReactNode } from "react";

interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * A button beside the contacts' search box (export, duplicates), shaped as the import's: outlined,
 * the icon alone on narrow screens (named by its label, which its tooltip shows).
 */
export function ToolButton({ label, icon, onClick, disabled }: ToolButtonProps) {
  const narrow = useMediaQuery(useTheme().breakpoints.down("md"));
  return (
    <Tooltip title={narrow ? label : ""}>
      <Button
        variant="outlined"
        onClick={onClick}
        disabled={disabled}
        aria-label={narrow ? label : undefined}
        startIcon={narrow ? undefined : icon}
        sx={{ flexShrink: 0, ...(narrow && { minWidth: 44, px: 1.25 }) }}
      >
        {narrow ? icon : label}
      </Button>
    </Tooltip>
  );
}
