import type { UpdateUserBody, User } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { toast } from "../../../lib/toast";
import { updateUser } from "../api/users.api";
import { userQueryOptions } from "../api/users.queries";
import { storeUser } from "./users-cache";

/** One user, starting from data already at hand (e.g. the session's own user). */
export function useUser(id: number, placeholder?: User) {
  return useQuery({
    ...userQueryOptions(id),
    placeholderData: placeholder,
  });
}

/** The signed-in user's own profile. */
function useUpdateUser(id: number) {
  return useCacheMutation((body: UpdateUserBody) => updateUser(id, body), storeUser);
}

/** Saves the signed-in user's profile modal: a toast, then the modal closes. */
export function useSaveProfile(id: number, onClose: () => void) {
  const { t } = useTranslation();
  const mutation = useUpdateUser(id);
  const save = (body: UpdateUserBody) =>
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(t("profile.saved"));
        onClose();
      },
    });
  return { save, isPending: mutation.isPending };
}
