import { useTranslation } from "../../../lib/i18n";
import { ConfirmDialog } from "../../../components/confirm-dialog";

/** "Delete for everyone?" before a message is deleted; open while `message` is set. */
export function DeleteMessageDialog<M>({ message, onConfirm, onClose }: { message: M | null; onConfirm(message: M): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={message !== null}
      title={t("messages.menu.deleteTitle")}
      message={t("messages.menu.deleteText")}
      confirmLabel={t("common.delete")}
      danger
      onConfirm={() => message !== null && onConfirm(message)}
      onClose={onClose}
    />
  );
}
