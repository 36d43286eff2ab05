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
