// Vocabulary of the ticket dataset (bench/tickets-dataset.ts). Message bodies are random runs of
// these words, so a word's share of messages is roughly (words per body) / (vocabulary size):
// a search for one of them matches a few percent of the messages, as a real search would.

export const firstNames = [
  "Ana", "Bruno", "Carla", "Diego", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela", "João",
  "Karina", "Lucas", "Mariana", "Nicolas", "Olivia", "Pedro", "Quésia", "Rafael", "Sofia", "Thiago",
  "Ursula", "Vinicius", "Wagner", "Xavier", "Yara", "Zeca", "Alice", "Bernardo", "Cecília", "Davi",
  "Elisa", "Fernando", "Giovana", "Heitor", "Ingrid", "Júlia", "Leonardo", "Manuela", "Otávio", "Paula",
];

export const lastNames = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
  "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
  "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
  "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Figueiredo", "Moura", "Campos", "Cavalcanti", "Pinheiro",
];

export const queueNames = ["Vendas", "Suporte", "Financeiro", "Cobrança", "Entregas", "Trocas", "Ouvidoria", "Cadastro", "Técnico", "Parcerias"];

export const words = [
  "olá", "bom", "dia", "boa", "tarde", "noite", "obrigado", "obrigada", "por", "favor", "preciso", "ajuda",
  "com", "meu", "minha", "pedido", "entrega", "atraso", "atrasado", "chegou", "não", "sim", "ainda", "hoje",
  "amanhã", "ontem", "semana", "prazo", "produto", "troca", "devolução", "reembolso", "estorno", "boleto",
  "pix", "cartão", "crédito", "débito", "parcela", "fatura", "cobrança", "valor", "desconto", "cupom",
  "frete", "endereço", "cep", "rua", "número", "complemento", "transportadora", "rastreio", "código", "nota",
  "fiscal", "garantia", "defeito", "quebrado", "tamanho", "cor", "modelo", "estoque", "disponível", "indisponível",
  "cancelar", "cancelamento", "confirmar", "confirmação", "senha", "acesso", "cadastro", "email", "telefone", "contato",
  "atendente", "atendimento", "protocolo", "reclamação", "sugestão", "elogio", "problema", "resolvido", "pendente", "aguardando",
  "retorno", "resposta", "urgente", "quando", "onde", "como", "quanto", "qual", "porque", "verificar",
  "consultar", "enviar", "recebi", "recebido", "pagamento", "pago", "aprovado", "recusado", "assinatura", "plano",
  "mensalidade", "renovação", "contrato", "loja", "aplicativo", "site", "erro", "tela", "instalação", "técnico",
  "visita", "agendamento", "horário", "disponibilidade", "segunda", "sexta", "sábado", "manhã", "certo", "perfeito",
  "entendi", "aguardo", "abraço", "tudo", "bem", "claro", "momento", "verifiquei", "sistema", "informação",
];
