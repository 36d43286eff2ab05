import { useNavigate } from "react-router";
import { toast } from "./toast";

/** After a form page saves: the success toast, then back to the list the form belongs to. */
export function useSavedAndBack(message: string, listPath: string): () => void {
  const navigate = useNavigate();
  return () => {
    toast.success(message);
    void navigate(listPath);
  };
}

/** After a dialog's form saves: the success toast, then the dialog closes. */
export function savedAndClose(message: string, onClose: () => void): () => void {
  return () => {
    toast.success(message);
    onClose();
  };
}
