import type { ContactImportRowError, Language } from "@atendo/contracts";

/** The failed-rows CSV's own columns and reasons, in the languages of the app. */
interface FailureTexts {
  line: string;
  reason: string;
  reasons: Record<ContactImportRowError, string>;
}

export const failureTexts: Record<Language, FailureTexts> = {
  en: {
    line: "Line",
    reason: "Reason",
    reasons: {
      invalidNumber: "Invalid number: 8 to 50 digits with country and area code",
      missingName: "Name missing or shorter than 2 characters",
      duplicate: "Repeated: the number is already a contact or came earlier in the file",
    },
  },
  pt: {
    line: "Linha",
    reason: "Motivo",
    reasons: {
      invalidNumber: "Número inválido: de 8 a 50 dígitos, com código do país e DDD",
      missingName: "Nome ausente ou com menos de 2 caracteres",
      duplicate: "Repetido: o número já é um contato ou apareceu antes no arquivo",
    },
  },
  es: {
    line: "Línea",
    reason: "Motivo",
    reasons: {
      invalidNumber: "Número no válido: de 8 a 50 dígitos, con código de país y de área",
      missingName: "Nombre ausente o de menos de 2 caracteres",
      duplicate: "Repetido: el número ya es un contacto o apareció antes en el archivo",
    },
  },
};
