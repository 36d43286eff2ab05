/**
 * The widget's own texts (it runs on other sites, without the web app's locale files): English,
 * Portuguese and Spanish, chosen from the visitor's browser.
 */
const texts = {
  en: {
    open: "Open chat",
    close: "Close chat",
    placeholder: "Type your message…",
    send: "Send",
    attach: "Attach a file",
    start: "Start chat",
    intro: "Tell us who you are and we will be right with you.",
    name: "Name",
    email: "E-mail",
    phone: "Phone",
    optional: "optional",
    required: "Please fill in this field.",
    away: "We are away right now. Leave a message and we will answer as soon as we are back.",
    failed: "Could not send. Try again.",
    tooMany: "Too many messages. Wait a moment and try again.",
    tooBig: "This file is too large or of a type that cannot be sent.",
    unread: (n: number) => `${n} unread ${n === 1 ? "message" : "messages"}`,
    you: "You",
    team: "Team",
    download: "Download",
  },
  pt: {
    open: "Abrir o chat",
    close: "Fechar o chat",
    placeholder: "Digite sua mensagem…",
    send: "Enviar",
    attach: "Anexar um arquivo",
    start: "Iniciar conversa",
    intro: "Diga quem você é e já falamos com você.",
    name: "Nome",
    email: "E-mail",
    phone: "Telefone",
    optional: "opcional",
    required: "Preencha este campo.",
    away: "Estamos ausentes agora. Deixe sua mensagem e responderemos assim que voltarmos.",
    failed: "Não foi possível enviar. Tente novamente.",
    tooMany: "Mensagens demais. Aguarde um momento e tente novamente.",
    tooBig: "Este arquivo é grande demais ou de um tipo que não pode ser enviado.",
    unread: (n: number) => `${n} ${n === 1 ? "mensagem não lida" : "mensagens não lidas"}`,
    you: "Você",
    team: "Equipe",
    download: "Baixar",
  },
  es: {
    open: "Abrir el chat",
    close: "Cerrar el chat",
    placeholder: "Escriba su mensaje…",
    send: "Enviar",
    attach: "Adjuntar un archivo",
    start: "Iniciar conversación",
    intro: "Díganos quién es y enseguida le atendemos.",
    name: "Nombre",
    email: "Correo electrónico",
    phone: "Teléfono",
    optional: "opcional",
    required: "Complete este campo.",
    away: "Ahora no estamos. Deje su mensaje y le responderemos en cuanto volvamos.",
    failed: "No se pudo enviar. Inténtelo de nuevo.",
    tooMany: "Demasiados mensajes. Espere un momento e inténtelo de nuevo.",
    tooBig: "Este archivo es demasiado grande o de un tipo que no se puede enviar.",
    unread: (n: number) => `${n} ${n === 1 ? "mensaje sin leer" : "mensajes sin leer"}`,
    you: "Usted",
    team: "Equipo",
    download: "Descargar",
  },
};

export type WidgetTexts = (typeof texts)["en"];
export type WidgetLanguage = keyof typeof texts;

/** The first of the browser's languages the widget speaks; English otherwise. */
export function widgetLanguage(languages: readonly string[]): WidgetLanguage {
  for (const tag of languages) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "pt" || base === "es" || base === "en") return base;
  }
  return "en";
}

export function widgetTexts(language: WidgetLanguage): WidgetTexts {
  return texts[language];
}
