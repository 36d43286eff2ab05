/**
 * The error catalogue (spec §8 plus the codes Atendo adds). Every failure the server returns is
 * `{ error: CODE, message: english text }`; the web shows the translation of CODE.
 */
export type Language = "en" | "pt" | "es";

interface ErrorEntry {
  status: number;
  en: string;
  pt: string;
  es: string;
  /** What attendants read instead, when the text sends them to an admin screen they cannot open. */
  forAttendants?: Record<Language, string>;
}

const checkConnections = {
  en: "Check the connections page.",
  pt: "Verifique a página de conexões.",
  es: "Verifique la página de conexiones.",
};

// Spec §8: the connections page is for admins; attendants are told to ask one.
const askAnAdministrator = {
  en: "Ask an administrator to check the connections.",
  pt: "Peça a um administrador que verifique as conexões.",
  es: "Pida a un administrador que revise las conexiones.",
};

function connectionError(status: number, en: string, pt: string, es: string): ErrorEntry {
  return {
    status,
    en: `${en} ${checkConnections.en}`,
    pt: `${pt} ${checkConnections.pt}`,
    es: `${es} ${checkConnections.es}`,
    forAttendants: { en: `${en} ${askAnAdministrator.en}`, pt: `${pt} ${askAnAdministrator.pt}`, es: `${es} ${askAnAdministrator.es}` },
  };
}

export const errorCatalogue = {
  ERR_NO_OTHER_WHATSAPP: connectionError(
    400,
    "There must be at least one default connection.",
    "Deve haver pelo menos uma conexão padrão.",
    "Debe haber al menos una conexión predeterminada.",
  ),
  ERR_NO_DEF_WAPP_FOUND: connectionError(
    404,
    "No default connection found.",
    "Nenhuma conexão padrão encontrada.",
    "No se encontró una conexión predeterminada.",
  ),
  ERR_WAPP_NOT_INITIALIZED: connectionError(
    409,
    "This connection is not started yet.",
    "Esta conexão ainda não foi iniciada.",
    "Esta conexión aún no se ha iniciado.",
  ),
  /** Several instances: the one that runs the connection did not take or answer the command in time (docs/decisions/0053). */
  ERR_WAPP_OWNER_UNREACHABLE: {
    status: 503,
    en: "The server running this connection did not answer. Try again in a few seconds.",
    pt: "O servidor que executa esta conexão não respondeu. Tente novamente em alguns segundos.",
    es: "El servidor que ejecuta esta conexión no respondió. Inténtelo de nuevo en unos segundos.",
  },
  ERR_WAPP_CHECK_CONTACT: connectionError(
    502,
    "Could not check the contact's number.",
    "Não foi possível verificar o número do contato.",
    "No se pudo verificar el número del contacto.",
  ),
  ERR_WAPP_DOWNLOAD_MEDIA: connectionError(
    502,
    "Could not download the media.",
    "Não foi possível baixar a mídia.",
    "No se pudo descargar el archivo multimedia.",
  ),
  ERR_SENDING_WAPP_MSG: connectionError(
    502,
    "Could not send the message.",
    "Não foi possível enviar a mensagem.",
    "No se pudo enviar el mensaje.",
  ),
  ERR_WAPP_INVALID_CONTACT: {
    status: 400,
    en: "This is not a valid number.",
    pt: "Este não é um número válido.",
    es: "Este no es un número válido.",
  },
  ERR_INVALID_CREDENTIALS: {
    status: 401,
    en: "Access denied: check your email and password.",
    pt: "Acesso negado: verifique seu e-mail e senha.",
    es: "Acceso denegado: verifique su correo y contraseña.",
  },
  ERR_DELETE_WAPP_MSG: {
    status: 502,
    en: "Could not delete the message.",
    pt: "Não foi possível apagar a mensagem.",
    es: "No se pudo borrar el mensaje.",
  },
  ERR_OTHER_OPEN_TICKET: {
    status: 409,
    en: "A ticket with this contact is already open.",
    pt: "Já existe um ticket aberto com este contato.",
    es: "Ya existe un ticket abierto con este contacto.",
  },
  ERR_SESSION_EXPIRED: {
    status: 401,
    en: "Your session has expired. Please sign in again.",
    pt: "Sua sessão expirou. Entre novamente.",
    es: "Su sesión ha expirado. Inicie sesión de nuevo.",
  },
  ERR_TOKEN_EXPIRED: {
    status: 403,
    en: "Your access token has expired.",
    pt: "Seu token de acesso expirou.",
    es: "Su token de acceso ha expirado.",
  },
  ERR_USER_CREATION_DISABLED: {
    status: 403,
    en: "Sign-up is disabled. Ask an administrator.",
    pt: "O cadastro está desativado. Fale com um administrador.",
    es: "El registro está desactivado. Consulte a un administrador.",
  },
  ERR_NO_PERMISSION: {
    status: 403,
    en: "You do not have permission for this.",
    pt: "Você não tem permissão para isso.",
    es: "No tiene permiso para esto.",
  },
  ERR_DUPLICATED_CONTACT: {
    status: 409,
    en: "A contact with this number already exists.",
    pt: "Já existe um contato com este número.",
    es: "Ya existe un contacto con este número.",
  },
  ERR_NO_SETTING_FOUND: {
    status: 404,
    en: "Setting not found.",
    pt: "Configuração não encontrada.",
    es: "Configuración no encontrada.",
  },
  ERR_NO_CONTACT_FOUND: {
    status: 404,
    en: "Contact not found.",
    pt: "Contato não encontrado.",
    es: "Contacto no encontrado.",
  },
  ERR_MERGE_SAME_CONTACT: {
    status: 400,
    en: "A contact cannot be merged into itself.",
    pt: "Um contato não pode ser mesclado com ele mesmo.",
    es: "Un contacto no se puede fusionar consigo mismo.",
  },
  ERR_NO_TICKET_FOUND: {
    status: 404,
    en: "Ticket not found.",
    pt: "Ticket não encontrado.",
    es: "Ticket no encontrado.",
  },
  ERR_NO_USER_FOUND: {
    status: 404,
    en: "User not found.",
    pt: "Usuário não encontrado.",
    es: "Usuario no encontrado.",
  },
  ERR_NO_QUEUE_FOUND: {
    status: 404,
    en: "Queue not found.",
    pt: "Fila não encontrada.",
    es: "Cola no encontrada.",
  },
  ERR_NO_MONITORING_FOUND: {
    status: 404,
    en: "Monitoring not found.",
    pt: "Monitoramento não encontrado.",
    es: "Monitoreo no encontrado.",
  },
  ERR_NO_WAPP_FOUND: {
    status: 404,
    en: "Connection not found.",
    pt: "Conexão não encontrada.",
    es: "Conexión no encontrada.",
  },
  /** Moving a connection's customers (issue 31) to the connection itself. */
  ERR_CONNECTION_MOVE_TARGET: {
    status: 400,
    en: "Choose another connection to move the customers to.",
    pt: "Escolha outra conexão para onde mover os clientes.",
    es: "Elija otra conexión a la que mover los clientes.",
  },
  ERR_CONNECTION_NOT_ALLOWED: {
    status: 403,
    en: "You cannot start conversations on this connection: choose your own, the default one or one of your queues' connections.",
    pt: "Você não pode iniciar conversas nesta conexão: escolha a sua, a padrão ou uma das conexões das suas filas.",
    es: "No puede iniciar conversaciones en esta conexión: elija la suya, la predeterminada o una de las conexiones de sus colas.",
  },
  ERR_NO_CHAT_FOUND: {
    status: 404,
    en: "Chat not found.",
    pt: "Conversa não encontrada.",
    es: "Chat no encontrado.",
  },
  ERR_NO_URA_FOUND: {
    status: 404,
    en: "Menu (URA) not found.",
    pt: "URA não encontrada.",
    es: "Menú (URA) no encontrado.",
  },
  ERR_NO_URAITEM_FOUND: {
    status: 404,
    en: "Menu option not found.",
    pt: "Opção da URA não encontrada.",
    es: "Opción del menú no encontrada.",
  },
  ERR_NO_DESTINATION_FOUND: {
    status: 404,
    en: "Destination not found.",
    pt: "Destino não encontrado.",
    es: "Destino no encontrado.",
  },
  ERR_NO_ANNOUNCEMENT_FOUND: {
    status: 404,
    en: "Announcement not found.",
    pt: "Anúncio não encontrado.",
    es: "Anuncio no encontrado.",
  },
  ERR_QUEUE_NOT_FOUND: {
    status: 404,
    en: "Queue not found.",
    pt: "Fila não encontrada.",
    es: "Cola no encontrada.",
  },
  ERR_CREATING_MESSAGE: {
    status: 500,
    en: "Could not create the message.",
    pt: "Não foi possível criar a mensagem.",
    es: "No se pudo crear el mensaje.",
  },
  ERR_CREATING_TICKET: {
    status: 500,
    en: "Could not create the ticket.",
    pt: "Não foi possível criar o ticket.",
    es: "No se pudo crear el ticket.",
  },
  ERR_CREATING_CHAT: {
    status: 500,
    en: "Could not create the chat.",
    pt: "Não foi possível criar a conversa.",
    es: "No se pudo crear el chat.",
  },
  ERR_FETCH_WAPP_MSG: {
    status: 502,
    en: "Could not fetch the message from the connection.",
    pt: "Não foi possível buscar a mensagem na conexão.",
    es: "No se pudo obtener el mensaje de la conexión.",
  },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: {
    status: 409,
    en: "This colour is already in use by another queue.",
    pt: "Esta cor já está em uso por outra fila.",
    es: "Este color ya está en uso por otra cola.",
  },
  ERR_WAPP_GREETING_REQUIRED: {
    status: 400,
    en: "A greeting message is required when there is more than one queue.",
    pt: "A mensagem de saudação é obrigatória quando há mais de uma fila.",
    es: "El mensaje de saludo es obligatorio cuando hay más de una cola.",
  },
  ERR_MISSING_VALUES: {
    status: 400,
    en: "Incomplete or invalid information.",
    pt: "Informações incompletas ou inválidas.",
    es: "Información incompleta o inválida.",
  },
  ERR_SEND_MAIL: {
    status: 502,
    en: "Your message was saved, but the e-mail could not be sent.",
    pt: "Sua mensagem foi salva, mas o e-mail não pôde ser enviado.",
    es: "Su mensaje se guardó, pero no se pudo enviar el correo.",
  },
  ERR_OTHER_OPEN_CHAT: {
    status: 409,
    en: "A chat with these participants already exists.",
    pt: "Já existe uma conversa com estes participantes.",
    es: "Ya existe un chat con estos participantes.",
  },
  ERR_DUPLICATED_URAITEM_SELECTOR: {
    status: 409,
    en: "Two menu options use the same selector.",
    pt: "Duas opções da URA usam o mesmo seletor.",
    es: "Dos opciones del menú usan el mismo selector.",
  },
  ERR_INBOUND_CONFIGURATION: {
    status: 400,
    en: "The connection's destination is not configured correctly.",
    pt: "O destino da conexão não está configurado corretamente.",
    es: "El destino de la conexión no está configurado correctamente.",
  },
  ERR_NO_BOT_FOUND: {
    status: 404,
    en: "Bot not found.",
    pt: "Bot não encontrado.",
    es: "Bot no encontrado.",
  },
  ERR_BOT_NAME_EXISTS: {
    status: 409,
    en: "A bot with this name already exists.",
    pt: "Já existe um bot com este nome.",
    es: "Ya existe un bot con este nombre.",
  },
  ERR_ANNOUNCEMENT_NAME_EXISTS: {
    status: 409,
    en: "An announcement with this name already exists.",
    pt: "Já existe um anúncio com este nome.",
    es: "Ya existe un anuncio con este nombre.",
  },
  ERR_MONITORING_NAME_EXISTS: {
    status: 409,
    en: "A monitoring with this name already exists.",
    pt: "Já existe um monitoramento com este nome.",
    es: "Ya existe un monitoreo con este nombre.",
  },
  ERR_DISCONNECT_WPP: connectionError(
    502,
    "Could not disconnect.",
    "Não foi possível desconectar.",
    "No se pudo desconectar.",
  ),
  ERR_NO_DATE_SPECIFIED: {
    status: 400,
    en: "Choose a start date.",
    pt: "Escolha uma data de início.",
    es: "Elija una fecha de inicio.",
  },
  ERR_REPORT_RANGE_TOO_LONG: {
    status: 400,
    en: "Charts and downloads cover at most 60 days at a time: shorten the period.",
    pt: "Gráficos e downloads cobrem no máximo 60 dias por vez: encurte o período.",
    es: "Los gráficos y las descargas cubren como máximo 60 días a la vez: acorte el período.",
  },
  ERR_INVALID_DATE: {
    status: 400,
    en: "Choose a real date between the years 2000 and 2100.",
    pt: "Escolha uma data real entre os anos 2000 e 2100.",
    es: "Elija una fecha real entre los años 2000 y 2100.",
  },
  ERR_PERIOD_END_BEFORE_START: {
    status: 400,
    en: "The end of the period is before its start.",
    pt: "O fim do período é anterior ao início.",
    es: "El fin del período es anterior al inicio.",
  },
  ERR_IMPORT_RUNNING: {
    status: 409,
    en: "Another contact import is running. Wait for it to finish.",
    pt: "Outra importação de contatos está em andamento. Aguarde o término.",
    es: "Otra importación de contactos está en curso. Espere a que termine.",
  },
  ERR_IMPORT_INTERRUPTED: {
    status: 503,
    en: "The contact import stopped because the server restarted. Import the file again: contacts already imported count as repeated.",
    pt: "A importação de contatos parou porque o servidor reiniciou. Importe o arquivo de novo: os contatos já importados contam como repetidos.",
    es: "La importación de contactos se detuvo porque el servidor se reinició. Importe el archivo de nuevo: los contactos ya importados cuentan como repetidos.",
  },
  FILE_NOT_SUPPORTED: {
    status: 415,
    en: "This file type is not supported.",
    pt: "Este tipo de arquivo não é suportado.",
    es: "Este tipo de archivo no es compatible.",
  },
  WPP_NOT_CONNECTED: connectionError(
    409,
    "The connection is not connected.",
    "A conexão não está conectada.",
    "La conexión no está conectada.",
  ),
  ERR_INVALID_CSV_TEMPLATE: {
    status: 400,
    en: "Choose a valid CSV template.",
    pt: "Escolha um modelo de CSV válido.",
    es: "Elija una plantilla CSV válida.",
  },
  ERR_EMPTY_CSV: {
    status: 400,
    en: "The CSV file is empty.",
    pt: "O arquivo CSV está vazio.",
    es: "El archivo CSV está vacío.",
  },
  ERR_INVALID_ATENDO_CSV: {
    status: 400,
    en: "The CSV does not match the Atendo template.",
    pt: "O CSV não corresponde ao modelo do Atendo.",
    es: "El CSV no coincide con la plantilla de Atendo.",
  },
  ERR_INVALID_GOOGLE_CSV: {
    status: 400,
    en: "The CSV does not match the Google template.",
    pt: "O CSV não corresponde ao modelo do Google.",
    es: "El CSV no coincide con la plantilla de Google.",
  },
  // Codes Atendo adds to the spec's catalogue.
  ERR_TOO_MANY_LOGIN_ATTEMPTS: {
    status: 429,
    en: "Too many sign-in attempts. Wait a few minutes and try again.",
    pt: "Muitas tentativas de entrada. Aguarde alguns minutos e tente novamente.",
    es: "Demasiados intentos de inicio de sesión. Espere unos minutos e inténtelo de nuevo.",
  },
  ERR_TOO_MANY_REQUESTS: {
    status: 429,
    en: "Too many requests. Slow down and try again.",
    pt: "Muitas solicitações. Aguarde e tente novamente.",
    es: "Demasiadas solicitudes. Espere e inténtelo de nuevo.",
  },
  // Two-factor sign-in (issue 34, docs/decisions/0095).
  ERR_INVALID_TWO_FACTOR_CODE: {
    status: 401,
    en: "That code is not valid. Check your authenticator app or use an unused recovery code.",
    pt: "Esse código não é válido. Confira seu aplicativo autenticador ou use um código de recuperação não usado.",
    es: "Ese código no es válido. Revise su aplicación de autenticación o use un código de recuperación sin usar.",
  },
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 401,
    en: "This sign-in step has expired. Enter your email and password again.",
    pt: "Esta etapa de entrada expirou. Digite seu e-mail e senha novamente.",
    es: "Este paso de inicio de sesión ha caducado. Introduzca de nuevo su correo y contraseña.",
  },
  ERR_TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    en: "Two-factor sign-in is already on for this account.",
    pt: "A verificação em duas etapas já está ativada nesta conta.",
    es: "El inicio de sesión en dos pasos ya está activado en esta cuenta.",
  },
  ERR_TWO_FACTOR_NOT_ENABLED: {
    status: 409,
    en: "Two-factor sign-in is not on for this account. Start the setup first.",
    pt: "A verificação em duas etapas não está ativada nesta conta. Comece a configuração primeiro.",
    es: "El inicio de sesión en dos pasos no está activado en esta cuenta. Empiece la configuración primero.",
  },
  ERR_TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 403,
    en: "Your administrator requires two-factor sign-in. Set it up to continue.",
    pt: "Seu administrador exige a verificação em duas etapas. Configure-a para continuar.",
    es: "Su administrador exige el inicio de sesión en dos pasos. Configúrelo para continuar.",
  },
  ERR_TWO_FACTOR_REQUIRED: {
    status: 403,
    en: "Two-factor sign-in is required for every user here, so it cannot be turned off.",
    pt: "A verificação em duas etapas é obrigatória para todos aqui, então não pode ser desativada.",
    es: "El inicio de sesión en dos pasos es obligatorio para todos aquí, así que no se puede desactivar.",
  },
  ERR_WRONG_CURRENT_PASSWORD: {
    status: 403,
    en: "Your current password is missing or wrong.",
    pt: "Sua senha atual está faltando ou incorreta.",
    es: "Su contraseña actual falta o es incorrecta.",
  },
  ERR_PASSWORD_RESET_DISABLED: {
    status: 403,
    en: "Password reset by email is not available here. Ask an administrator.",
    pt: "A redefinição de senha por e-mail não está disponível aqui. Fale com um administrador.",
    es: "El restablecimiento de contraseña por correo no está disponible aquí. Consulte a un administrador.",
  },
  ERR_INVALID_RESET_TOKEN: {
    status: 400,
    en: "This reset link is invalid, already used or expired. Ask for a new one.",
    pt: "Este link de redefinição é inválido, já foi usado ou expirou. Peça um novo.",
    es: "Este enlace de restablecimiento no es válido, ya se usó o caducó. Solicite uno nuevo.",
  },
  /** A signed file link of the Whaticket dialect ran out (decision 0066). 403, not 401: that client signs out on a 401. */
  ERR_MEDIA_LINK_EXPIRED: {
    status: 403,
    en: "This file link has expired. Open the conversation again to get a new one.",
    pt: "Este link de arquivo expirou. Abra a conversa novamente para obter um novo.",
    es: "Este enlace de archivo ha caducado. Abra la conversación de nuevo para obtener uno nuevo.",
  },
  ERR_EMAIL_ALREADY_EXISTS: {
    status: 409,
    en: "A user with this email already exists.",
    pt: "Já existe um usuário com este e-mail.",
    es: "Ya existe un usuario con este correo.",
  },
  ERR_USER_DELETED_EXISTS: {
    status: 409,
    en: "A removed user has this email. Enable them again instead of creating a new one.",
    pt: "Um usuário removido tem este e-mail. Reative-o em vez de criar um novo.",
    es: "Un usuario eliminado tiene este correo. Vuelva a habilitarlo en lugar de crear uno nuevo.",
  },
  ERR_EXTENSION_ALREADY_EXISTS: {
    status: 409,
    en: "Another user already has this extension.",
    pt: "Outro usuário já tem este ramal.",
    es: "Otro usuario ya tiene esta extensión.",
  },
  ERR_QUEUE_NAME_ALREADY_EXISTS: {
    status: 409,
    en: "A queue with this name already exists.",
    pt: "Já existe uma fila com este nome.",
    es: "Ya existe una cola con este nombre.",
  },
  ERR_NO_SCHEDULE_FOUND: {
    status: 404,
    en: "Scheduled message not found.",
    pt: "Mensagem agendada não encontrada.",
    es: "Mensaje programado no encontrado.",
  },
  ERR_SCHEDULE_NOT_PENDING: {
    status: 409,
    en: "This message was already sent (or failed): only a pending one can be changed or cancelled.",
    pt: "Esta mensagem já foi enviada (ou falhou): só uma pendente pode ser alterada ou cancelada.",
    es: "Este mensaje ya se envió (o falló): solo uno pendiente puede cambiarse o cancelarse.",
  },
  ERR_SCHEDULE_IN_PAST: {
    status: 400,
    en: "Choose a time in the future.",
    pt: "Escolha um horário no futuro.",
    es: "Elija una hora en el futuro.",
  },
  ERR_SCHEDULE_UNTIL_BEFORE_START: {
    status: 400,
    en: "The repetition must end after the first sending.",
    pt: "A repetição deve terminar depois do primeiro envio.",
    es: "La repetición debe terminar después del primer envío.",
  },
  ERR_NO_QUICK_ANSWER_FOUND: {
    status: 404,
    en: "Quick answer not found.",
    pt: "Resposta rápida não encontrada.",
    es: "Respuesta rápida no encontrada.",
  },
  ERR_QUICK_ANSWER_SHORTCUT_EXISTS: {
    status: 409,
    en: "A quick answer with this shortcut already exists.",
    pt: "Já existe uma resposta rápida com este atalho.",
    es: "Ya existe una respuesta rápida con este atajo.",
  },
  ERR_LAST_ADMIN: {
    status: 409,
    en: "There must be at least one active administrator.",
    pt: "Deve haver pelo menos um administrador ativo.",
    es: "Debe haber al menos un administrador activo.",
  },
  ERR_NO_CAMPAIGN_FOUND: {
    status: 404,
    en: "Campaign not found.",
    pt: "Campanha não encontrada.",
    es: "Campaña no encontrada.",
  },
  ERR_CAMPAIGN_STATE: {
    status: 409,
    en: "The campaign cannot do that in its current state.",
    pt: "A campanha não pode fazer isso no estado atual.",
    es: "La campaña no puede hacer eso en su estado actual.",
  },
  ERR_CAMPAIGN_AUDIENCE_EMPTY: {
    status: 400,
    en: "The audience reaches no contact.",
    pt: "O público não alcança nenhum contato.",
    es: "La audiencia no alcanza ningún contacto.",
  },
  ERR_NO_TAG_FOUND: {
    status: 404,
    en: "Label not found.",
    pt: "Etiqueta não encontrada.",
    es: "Etiqueta no encontrada.",
  },
  ERR_NO_AUTOMATION_FOUND: {
    status: 404,
    en: "Automation rule not found.",
    pt: "Regra de automação não encontrada.",
    es: "Regla de automatización no encontrada.",
  },
  ERR_AUTOMATION_PATTERN: {
    status: 400,
    en: "This pattern is too long, invalid or too slow (see the help).",
    pt: "Este padrão é longo, inválido ou lento demais (veja a ajuda).",
    es: "Este patrón es largo, inválido o lento (vea la ayuda).",
  },
  ERR_TAG_NAME_EXISTS: {
    status: 409,
    en: "A label with this name already exists.",
    pt: "Já existe uma etiqueta com este nome.",
    es: "Ya existe una etiqueta con este nombre.",
  },
  ERR_INVALID_PACE: {
    status: 400,
    en: "Check the sending pace: messages per minute from 1 to 60,000, a daily cap from 0 (none) to 1,000,000 and a warm-up from 0 (off) to 90 days, in whole numbers.",
    pt: "Verifique o ritmo de envio: mensagens por minuto de 1 a 60.000, limite diário de 0 (nenhum) a 1.000.000 e aquecimento de 0 (desligado) a 90 dias, em números inteiros.",
    es: "Revise el ritmo de envío: mensajes por minuto de 1 a 60.000, límite diario de 0 (ninguno) a 1.000.000 y calentamiento de 0 (apagado) a 90 días, en números enteros.",
  },
  ERR_INVALID_TAG_COLOR: {
    status: 400,
    en: "Choose one of the colours offered, or one written as #RRGGBB.",
    pt: "Escolha uma das cores oferecidas, ou uma escrita como #RRGGBB.",
    es: "Elija uno de los colores ofrecidos, o uno escrito como #RRGGBB.",
  },
  ERR_INVALID_API_TOKEN: {
    status: 401,
    en: "The API token is missing or wrong: copy it from the Settings page.",
    pt: "O token de API está ausente ou incorreto: copie-o da página de configurações.",
    es: "El token de API falta o es incorrecto: cópielo de la página de configuración.",
  },
  ERR_INVALID_CHANNEL_TOKEN: {
    status: 401,
    en: "The connection's API token is missing or wrong.",
    pt: "O token de API da conexão está ausente ou incorreto.",
    es: "El token de API de la conexión falta o es incorrecto.",
  },
  // The website chat widget (docs/decisions/0090).
  ERR_WEBCHAT_ORIGIN: {
    status: 403,
    en: "This website is not allowed to use this chat widget: add its address to the connection's allowed origins.",
    pt: "Este site não tem permissão para usar este widget de chat: adicione o endereço dele às origens permitidas da conexão.",
    es: "Este sitio no tiene permiso para usar este widget de chat: agregue su dirección a los orígenes permitidos de la conexión.",
  },
  ERR_VISITOR_TOKEN: {
    status: 401,
    en: "The chat session is missing or has ended. Start a new conversation.",
    pt: "A sessão de chat está ausente ou terminou. Inicie uma nova conversa.",
    es: "La sesión de chat falta o ha terminado. Inicie una nueva conversación.",
  },
  ERR_DESTINATION_IN_USE: {
    status: 409,
    en: "It cannot be deleted: a connection, menu, announcement or monitoring still sends customers to it. Point them elsewhere first.",
    pt: "Não pode ser excluído: uma conexão, URA, anúncio ou monitoramento ainda envia clientes para ele. Aponte-os para outro destino antes.",
    es: "No se puede eliminar: una conexión, menú, anuncio o monitoreo todavía envía clientes a él. Apúntelos a otro destino primero.",
  },
  ERR_DESTINATION_LOOP: {
    status: 400,
    en: "This destination would send customers round in a circle with no menu to answer. Choose another one.",
    pt: "Este destino faria os clientes andarem em círculo sem nenhuma URA para responder. Escolha outro.",
    es: "Este destino haría que los clientes den vueltas en círculo sin ningún menú que responder. Elija otro.",
  },
  /** Notes and mentions (docs/decisions/0073). */
  ERR_NOTE_NOT_FOUND: {
    status: 404,
    en: "Note not found.",
    pt: "Nota não encontrada.",
    es: "Nota no encontrada.",
  },
  ERR_MENTION_NOT_VISIBLE: {
    status: 409,
    en: "Someone you mentioned cannot see this ticket. Add them as a participant first.",
    pt: "Alguém que você mencionou não pode ver este ticket. Adicione essa pessoa como participante primeiro.",
    es: "Alguien a quien mencionó no puede ver este ticket. Agréguelo primero como participante.",
  },
  ERR_MENTION_NOT_FOUND: {
    status: 404,
    en: "Mention not found.",
    pt: "Menção não encontrada.",
    es: "Mención no encontrada.",
  },
  ERR_NO_MESSAGE_FOUND: {
    status: 404,
    en: "Message not found.",
    pt: "Mensagem não encontrada.",
    es: "Mensaje no encontrado.",
  },
  ERR_NOT_FOUND: {
    status: 404,
    en: "Not found.",
    pt: "Não encontrado.",
    es: "No encontrado.",
  },
  ERR_PAYLOAD_TOO_LARGE: {
    status: 413,
    en: "The request is too large.",
    pt: "A solicitação é grande demais.",
    es: "La solicitud es demasiado grande.",
  },
  ERR_UPLOAD_TIMEOUT: {
    status: 408,
    en: "The upload stopped before it was complete. Send it again.",
    pt: "O envio parou antes de terminar. Envie novamente.",
    es: "El envío se detuvo antes de terminar. Envíelo de nuevo.",
  },
  ERR_STORAGE_FULL: {
    status: 507,
    en: "The server's file storage is full: the file could not be saved. Text messages still work; ask an administrator to free space.",
    pt: "O armazenamento de arquivos do servidor está cheio: o arquivo não pôde ser salvo. Mensagens de texto continuam funcionando; peça a um administrador que libere espaço.",
    es: "El almacenamiento de archivos del servidor está lleno: no se pudo guardar el archivo. Los mensajes de texto siguen funcionando; pida a un administrador que libere espacio.",
  },
  ERR_INVALID_UPLOAD: {
    status: 400,
    en: "The upload is malformed or incomplete (multipart/form-data with a boundary expected).",
    pt: "O envio está malformado ou incompleto (esperado multipart/form-data com boundary).",
    es: "El envío está mal formado o incompleto (se espera multipart/form-data con boundary).",
  },
  ERR_WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    en: "This webhook address is on a private or local network. Use a public address, or allow private webhooks on the server (WEBHOOK_ALLOW_PRIVATE).",
    pt: "Este endereço de webhook está em uma rede privada ou local. Use um endereço público ou permita webhooks privados no servidor (WEBHOOK_ALLOW_PRIVATE).",
    es: "Esta dirección de webhook está en una red privada o local. Use una dirección pública o permita webhooks privados en el servidor (WEBHOOK_ALLOW_PRIVATE).",
  },
  ERR_PUSH_ENDPOINT_NOT_ALLOWED: {
    status: 400,
    en: "This browser's push service address is not allowed: it must be https on a public host (or allow private addresses on the server, WEBHOOK_ALLOW_PRIVATE).",
    pt: "O endereço do serviço de push deste navegador não é permitido: deve ser https em um host público (ou permita endereços privados no servidor, WEBHOOK_ALLOW_PRIVATE).",
    es: "La dirección del servicio push de este navegador no está permitida: debe ser https en un host público (o permita direcciones privadas en el servidor, WEBHOOK_ALLOW_PRIVATE).",
  },
  ERR_NO_PUSH_SUBSCRIPTION_FOUND: {
    status: 404,
    en: "No notification subscription found for this device.",
    pt: "Nenhuma inscrição de notificações encontrada para este dispositivo.",
    es: "No se encontró ninguna suscripción de notificaciones para este dispositivo.",
  },
  ERR_SERVICE_WINDOW_CLOSED: {
    status: 409,
    en: "The customer last wrote more than 24 hours ago: WhatsApp only accepts an approved template until they write again.",
    pt: "O cliente escreveu pela última vez há mais de 24 horas: o WhatsApp só aceita um modelo aprovado até que ele escreva novamente.",
    es: "El cliente escribió por última vez hace más de 24 horas: WhatsApp solo acepta una plantilla aprobada hasta que vuelva a escribir.",
  },
  ERR_NO_TEMPLATE_FOUND: {
    status: 404,
    en: "Template not found, or not approved.",
    pt: "Modelo não encontrado ou não aprovado.",
    es: "Plantilla no encontrada o no aprobada.",
  },
  ERR_CLOUD_API: {
    status: 502,
    en: "The WhatsApp Cloud API refused the request.",
    pt: "A API de Nuvem do WhatsApp recusou a solicitação.",
    es: "La API en la nube de WhatsApp rechazó la solicitud.",
  },
  ERR_SERVICE_UNAVAILABLE: {
    status: 503,
    en: "The service is not ready. Try again shortly.",
    pt: "O serviço não está pronto. Tente novamente em instantes.",
    es: "El servicio no está listo. Inténtelo de nuevo en breve.",
  },
  /**
   * The database cannot be reached (restarting, stopped, the network to it down): nothing was
   * done; the client retries (docs/decisions/0100). Also GET /api/ready during the outage.
   */
  ERR_DATABASE_UNAVAILABLE: {
    status: 503,
    en: "The database is unavailable at the moment. Nothing was saved; try again shortly.",
    pt: "O banco de dados está indisponível no momento. Nada foi salvo; tente novamente em instantes.",
    es: "La base de datos no está disponible en este momento. No se guardó nada; inténtelo de nuevo en breve.",
  },
  /** GET /metrics without the bearer token METRICS_TOKEN names (docs/deployment.md). */
  ERR_METRICS_TOKEN_INVALID: {
    status: 401,
    en: "The metrics token is missing or wrong.",
    pt: "O token de métricas está ausente ou incorreto.",
    es: "El token de métricas falta o es incorrecto.",
  },
  /** GET /api/ready while the database lacks migrations this release ships (an upgrade not yet migrated). */
  ERR_MIGRATIONS_PENDING: {
    status: 503,
    en: "The database is not up to date with this release's migrations.",
    pt: "O banco de dados não está atualizado com as migrações desta versão.",
    es: "La base de datos no está al día con las migraciones de esta versión.",
  },
  ERR_INTERNAL: {
    status: 500,
    en: "An unexpected error occurred.",
    pt: "Ocorreu um erro inesperado.",
    es: "Ocurrió un error inesperado.",
  },
  /** The assistant is off: no AI server configured, or the ticket's queue turned it off (docs/decisions/0094). */
  ERR_ASSISTANT_OFF: {
    status: 404,
    en: "The assistant is not available for this ticket.",
    pt: "O assistente não está disponível para este ticket.",
    es: "El asistente no está disponible para este ticket.",
  },
  /** The AI server failed, timed out, refused the key or answered what is not a chat completion. */
  ERR_ASSISTANT_UNAVAILABLE: {
    status: 502,
    en: "The assistant did not answer. Try again in a moment.",
    pt: "O assistente não respondeu. Tente novamente em instantes.",
    es: "El asistente no respondió. Inténtelo de nuevo en un momento.",
  },
  /** Single sign-on (docs/decisions/0098): the callback redirects to /login?ssoError=CODE, which shows these. */
  ERR_SSO_NOT_CONFIGURED: {
    status: 404,
    en: "Single sign-on is not set up on this server.",
    pt: "O login único não está configurado neste servidor.",
    es: "El inicio de sesión único no está configurado en este servidor.",
  },
  ERR_SSO_UNAVAILABLE: {
    status: 502,
    en: "The sign-in provider could not be reached. Try again in a moment.",
    pt: "Não foi possível contatar o provedor de login. Tente novamente em instantes.",
    es: "No se pudo contactar con el proveedor de inicio de sesión. Inténtelo de nuevo en un momento.",
  },
  ERR_SSO_EXPIRED: {
    status: 400,
    en: "The sign-in took too long or was started in another window. Try again.",
    pt: "O login demorou demais ou foi iniciado em outra janela. Tente novamente.",
    es: "El inicio de sesión tardó demasiado o se inició en otra ventana. Inténtelo de nuevo.",
  },
  ERR_SSO_DENIED: {
    status: 401,
    en: "The sign-in provider did not sign you in.",
    pt: "O provedor de login não concluiu o seu login.",
    es: "El proveedor de inicio de sesión no completó su acceso.",
  },
  ERR_SSO_INVALID_TOKEN: {
    status: 401,
    en: "The sign-in provider's answer was not valid for this server. Ask an administrator.",
    pt: "A resposta do provedor de login não é válida para este servidor. Fale com um administrador.",
    es: "La respuesta del proveedor de inicio de sesión no es válida para este servidor. Consulte a un administrador.",
  },
  ERR_SSO_EMAIL_UNVERIFIED: {
    status: 403,
    en: "Your e-mail address is not verified at the sign-in provider.",
    pt: "Seu endereço de e-mail não está verificado no provedor de login.",
    es: "Su dirección de correo no está verificada en el proveedor de inicio de sesión.",
  },
  ERR_SSO_NO_ACCOUNT: {
    status: 403,
    en: "No account uses this e-mail address. Ask an administrator.",
    pt: "Nenhuma conta usa este endereço de e-mail. Fale com um administrador.",
    es: "Ninguna cuenta usa esta dirección de correo. Consulte a un administrador.",
  },
  ERR_SSO_ACCOUNT_DISABLED: {
    status: 403,
    en: "This account is disabled. Ask an administrator.",
    pt: "Esta conta está desativada. Fale com um administrador.",
    es: "Esta cuenta está desactivada. Consulte a un administrador.",
  },
  ERR_PASSWORD_SIGN_IN_DISABLED: {
    status: 403,
    en: "Sign-in with a password is turned off here: use single sign-on.",
    pt: "O login com senha está desativado aqui: use o login único.",
    es: "El inicio de sesión con contraseña está desactivado aquí: use el inicio de sesión único.",
  },
} satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value);
}

/** Translations of every code for one language, keyed by code (used by the web's i18n). */
export function errorTexts(language: Language): Record<ErrorCode, string> {
  return Object.fromEntries(
    errorCodes.map((code) => [code, errorCatalogue[code][language]]),
  ) as Record<ErrorCode, string>;
}

/** The texts attendants read instead, for the codes whose text sends to an admin screen, keyed by code. */
export function attendantErrorTexts(language: Language): Partial<Record<ErrorCode, string>> {
  return Object.fromEntries(
    errorCodes.flatMap((code) => {
      const text = (errorCatalogue[code] as ErrorEntry).forAttendants?.[language];
      return text === undefined ? [] : [[code, text]];
    }),
  );
}

/** One language's error texts as the web loads them: `errors.CODE`, and `errors.forAttendants.CODE`. */
export function webErrorTexts(language: Language): Record<ErrorCode, string> & { forAttendants: Partial<Record<ErrorCode, string>> } {
  return { ...errorTexts(language), forAttendants: attendantErrorTexts(language) };
}

/**
 * Refinement options naming the catalogued code a failure answers (a contract's `.refine(check,
 * failsWith(code, detail))`): the server answers that code instead of the generic ERR_MISSING_VALUES.
 */
export function failsWith(errorCode: ErrorCode, message: string): { message: string; params: { errorCode: ErrorCode } } {
  return { message, params: { errorCode } };
}

/** The code a refinement named with `failsWith`, read from its failure's `params`. */
export function namedErrorCode(params: unknown): ErrorCode | undefined {
  const code = (params as { errorCode?: unknown } | undefined)?.errorCode;
  return isErrorCode(code) ? code : undefined;
}
