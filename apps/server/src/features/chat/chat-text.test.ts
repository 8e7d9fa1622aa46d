import { describe, expect, it } from 'vitest';
import { cleanText, mentionsOf, refuseText, repeatKey } from './chat-text.ts';
import { hasProfanity } from './profanity.ts';

describe('chat text rules', () => {
  it('lets ordinary Portuguese and English through', () => {
    for (const text of [
      'Boa sorte, pessoal!',
      'vamos que vamos',
      'por favor alguém explica o crash?',
      'ganhei R$ 1.500,00 no double',
      '2.35x no aviator',
      'good luck everyone',
      'classic assassin',
      'cuidado com o tigrinho',
      'computador',
      'picanha',
    ]) {
      expect([text, refuseText(text)]).toEqual([text, null]);
    }
  });

  it('blocks links, written-out domains and phone numbers', () => {
    for (const text of ['https://x.io', 'www.golpe', 'meusite.com.br', 'meusite ponto com', 'entra no t.me/grupo', 'site[.]bet']) {
      expect([text, refuseText(text)?.code]).toEqual([text, 'CHAT_LINK_BLOCKED']);
    }
    for (const text of ['11 98765-4321', '+55 (11) 98765 4321', 'zap 11987654321']) {
      expect([text, refuseText(text)?.code]).toEqual([text, 'CHAT_PHONE_BLOCKED']);
    }
  });

  it('blocks swear words in Portuguese and English, disguised too', () => {
    for (const text of ['que porra', 'PORRAAA', 'p0rra', 'caralhô', 'vai tomar no cu', 'fdp', 'cuzão', 'fuuuck', 'sh1t']) {
      expect([text, hasProfanity(text)]).toEqual([text, true]);
    }
  });

  it('measures length, cleans spaces, and recognises repeats and mentions', () => {
    expect(refuseText('x'.repeat(200))).toBeNull();
    expect(refuseText('x'.repeat(201))?.code).toBe('CHAT_TEXT_TOO_LONG');
    expect(refuseText(cleanText('  \n '))?.code).toBe('CHAT_TEXT_EMPTY');
    expect(cleanText(' a \n\t b ')).toBe('a b');
    expect(repeatKey('Vamos ganhar!!')).toBe(repeatKey('vamos   GANHAR'));
    expect(mentionsOf('@ma***23 parabéns! @joao_silva, e @x e email@host')).toEqual(['ma***23', 'joao_silva']);
  });
});
