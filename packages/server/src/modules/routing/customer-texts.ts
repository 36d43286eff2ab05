/**
 * The few texts Atendo writes to customers itself, in the `customerLanguage` setting's language
 * (settings/customer-language.ts). Everything
 * else a customer reads (menus, announcements, greetings, farewells) is the admins' own text.
 */
const texts = {
  optionNotRecognised: {
    en: "Sorry, that option was not recognised. Please answer with one of the options below.",
    pt: "Desculpe, essa opção não foi reconhecida. Responda com uma das opções abaixo.",
    es: "Lo sentimos, esa opción no fue reconocida. Responda con una de las opciones de abajo.",
  },
  endConversation: {
    en: "End the conversation",
    pt: "Encerrar a conversa",
    es: "Terminar la conversación",
  },
  handedToTeam: {
    en: "We could not find your option. An attendant will answer you here shortly.",
    pt: "Não encontramos a sua opção. Um atendente vai responder aqui em breve.",
    es: "No encontramos su opción. Un agente le responderá aquí en breve.",
  },
  menuRemoved: {
    en: "The menu you were answering is no longer available. An attendant will answer you here shortly.",
    pt: "O menu que você estava respondendo não está mais disponível. Um atendente vai responder aqui em breve.",
    es: "El menú que estaba respondiendo ya no está disponible. Un agente le responderá aquí en breve.",
  },
  // The bot stage (issue 33, docs/decisions/0092): its bot was deleted while the customer talked to it.
  botRemoved: {
    en: "The assistant you were talking to is no longer available. An attendant will answer you here shortly.",
    pt: "O assistente com quem você falava não está mais disponível. Um atendente vai responder aqui em breve.",
    es: "El asistente con el que hablaba ya no está disponible. Un agente le responderá aquí en breve.",
  },
  // The satisfaction survey (issue 30, docs/decisions/0081): the default question, the request
  // for a comment after a low score, and the thanks once the answer is complete.
  surveyQuestion: {
    en: "How would you rate our service? Please answer with a number from 1 (very dissatisfied) to 5 (very satisfied).",
    pt: "Como você avalia o nosso atendimento? Responda com um número de 1 (muito insatisfeito) a 5 (muito satisfeito).",
    es: "¿Cómo valora nuestra atención? Responda con un número del 1 (muy insatisfecho) al 5 (muy satisfecho).",
  },
  surveyComment: {
    en: "We are sorry to hear that. What could we have done better? Your reply will reach our team.",
    pt: "Lamentamos saber disso. O que poderíamos ter feito melhor? A sua resposta chegará à nossa equipe.",
    es: "Lamentamos saberlo. ¿Qué podríamos haber hecho mejor? Su respuesta llegará a nuestro equipo.",
  },
  surveyThanks: {
    en: "Thank you for your feedback!",
    pt: "Obrigado pela sua avaliação!",
    es: "¡Gracias por su opinión!",
  },
  // Opt-out (issue 31, docs/decisions/0086): the one confirmation after an opt-out keyword.
  optedOut: {
    en: "Done: you will no longer receive our campaign messages. You can still write to us here whenever you need.",
    pt: "Pronto: você não receberá mais as nossas mensagens de campanha. Você ainda pode nos escrever aqui quando precisar.",
    es: "Listo: ya no recibirá nuestros mensajes de campaña. Aún puede escribirnos aquí cuando lo necesite.",
  },
} as const;

export type CustomerLanguage = "en" | "pt" | "es";
export type CustomerTextKey = keyof typeof texts;

export function customerText(language: CustomerLanguage, key: CustomerTextKey): string {
  return texts[key][language];
}
