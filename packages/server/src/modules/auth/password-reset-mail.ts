import type { Language } from "@atendo/contracts";
import type { Mail } from "../../mailer.js";

interface MailInput {
  appTitle: string;
  name: string;
  link: string;
  minutes: number;
}

const texts: Record<Language, (input: MailInput) => { subject: string; text: string }> = {
  en: ({ appTitle, name, link, minutes }) => ({
    subject: `[${appTitle}] Reset your password`,
    text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset your ${appTitle} password. Open this link within ${minutes} minutes to choose a new one:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
  }),
  pt: ({ appTitle, name, link, minutes }) => ({
    subject: `[${appTitle}] Redefina sua senha`,
    text: `Olá, ${name},\n\nAlguém (esperamos que você) pediu para redefinir sua senha do ${appTitle}. Abra este link em até ${minutes} minutos para escolher uma nova:\n\n${link}\n\nO link funciona uma vez. Se você não pediu, ignore este e-mail: sua senha continua a mesma.\n`,
  }),
  es: ({ appTitle, name, link, minutes }) => ({
    subject: `[${appTitle}] Restablezca su contraseña`,
    text: `Hola, ${name}:\n\nAlguien (esperamos que usted) pidió restablecer su contraseña de ${appTitle}. Abra este enlace en menos de ${minutes} minutos para elegir una nueva:\n\n${link}\n\nEl enlace funciona una vez. Si no lo pidió, ignore este correo: su contraseña sigue igual.\n`,
  }),
};

/** The "forgot password" e-mail in the language of the page it was asked from. */
export function passwordResetMail(to: string, language: Language, input: MailInput): Mail {
  return { to, ...texts[language](input) };
}
