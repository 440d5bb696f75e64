#!/usr/bin/env python3
"""renaissance-board.py - formats/renaissance.xml from board.json, and back.

  renaissance-board.py xml BOARD.json > formats/renaissance.xml
  renaissance-board.py json formats/renaissance.xml > board.json

The data file formats/renaissance.xml is the source the adjudicator reads;
board.json (the shared reference data of Age of Renaissance, checked by its
check.py) is what it was first made from.  "json" turns the XML back into
board.json's shape, so that check.py's checks run on the data as the
program has it (tests/renaissance-data.sh).  A moderator corrects a value
in the XML, not in C and not here; keeping "json" in step with the XML is
what lets check.py vouch for the correction.

Names in board.json become ids in the XML: lower case, words joined by
hyphens ("St. Malo" is st-malo, "Chester (north coast)" chester-north-coast).
Every item keeps its mark (R rules text, S transcriptions, P provisional)
and its field marks.  Python 3 standard library only.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

RULE_KEYS = [('galleys', 'galley_rule'), ('seaworthy', 'seaworthy_rule'),
             ('ocean', 'ocean_rule')]
CATS = ['Science', 'Religion', 'Commerce', 'Communication', 'Exploration',
        'Civics']


def slug(name):
    s = re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')
    return s


def yn(b):
    return 'yes' if b else 'no'


def nums(xs):
    return ' '.join(str(x) for x in xs)


def sub(parent, tag, text=None, **attrs):
    e = ET.SubElement(parent, tag)
    for k, v in attrs.items():
        if v is None:
            continue
        e.set(k.rstrip('_').replace('_', '-'), str(v))
    if text:
        e.text = text
    return e


def field_marks(e, fm):
    for k, v in (fm or {}).items():
        sub(e, 'field-mark', v, field=k)


def sources(e, srcs):
    for s in srcs or []:
        sub(e, 'source', s)


def note(e, text, tag='note'):
    if text:
        sub(e, tag, text)


def to_xml(b):
    P = {p['name']: p for p in b['provinces']}
    pid = {n: slug(n) for n in P}
    for v in b['variants']:
        for q in v['add_provinces']:
            pid[q['name']] = slug(q['name'])
    wid = {w['name']: slug(w['name']) for w in b['waters']}
    cid = {c['name']: slug(c['name']) for c in b['commodities']}
    root = ET.Element('ruleset', {
        'id': 'age-of-renaissance', 'version': '1',
        'name': 'Age of Renaissance (1996 board)'})
    about = sub(root, 'about', schema=b['schema'], edition=b['edition'])
    for k, v in b['marks'].items():
        sub(about, 'mark-meaning', v, mark=k)
    for k, v in b['sources'].items():
        sub(about, 'source-ref', v, id=k)

    st = b['start']
    # purse: the number in "40 minus capital bid", for the program
    assert st['cash'] == '%d minus capital bid' % st['capital_bid_max']
    sub(root, 'start', cash=st['cash'], purse=st['capital_bid_max'],
        capital_bid_max=st['capital_bid_max'],
        tokens=st['tokens'], dominance_markers=st['dominance_markers'],
        on_map=st['on_map'], misery=st['misery'], ships=st['ships'],
        cards=st['cards'], mark=st['mark'])
    sub(root, 'map', width=b['map_frame']['width'],
        height=b['map_frame']['height'])

    areas = sub(root, 'areas')
    for a in b['areas']:
        e = sub(areas, 'area', id=a['id'], kind=a['kind'],
                name=a.get('name'),
                from_players=a['in_play_from_players'],
                requires=a['requires_advance'],
                provinces=a['expected_provinces'], mark=a['mark'])
        for c in a['capitals']:
            sub(e, 'capital', province=pid[c])
    caps = sub(root, 'capitals')
    for c in b['capitals']:
        assert c['player'] == c['province']
        sub(caps, 'capital', province=pid[c['province']], area=c['area'],
            players_min=c['players_min'])

    provs = sub(root, 'provinces')
    for p in b['provinces']:
        pos = p['position']
        e = sub(provs, 'province', id=pid[p['name']], name=p['name'],
                area=p['area'], type=p['type'],
                market=p['market_number'], box=yn(p['box']),
                mark=p['mark'], x=pos['x'], y=pos['y'],
                position_mark=pos['mark'])
        for a in p['aliases']:
            sub(e, 'alias', name=a)
        for c in p['commodities']:
            sub(e, 'commodity', ref=cid[c])
        field_marks(e, p['field_marks'])
        sources(e, p['sources'])
        note(e, p['notes'])
    waters = sub(root, 'waters')
    for w in b['waters']:
        pos = w['position']
        e = sub(waters, 'water', id=wid[w['name']], name=w['name'],
                type=w['type'],
                coast_of=pid[w['coast_of']] if w['coast_of'] else None,
                mark=w['mark'], x=pos['x'], y=pos['y'],
                position_mark=pos['mark'])
        note(e, w['notes'])

    links = sub(root, 'land-links')
    seen = set()
    for p in b['provinces']:
        for x in p['adjacent']:
            k = frozenset((p['name'], x['to']))
            if k in seen:
                continue
            seen.add(k)
            back = [y['mark'] for y in P[x['to']]['adjacent']
                    if y['to'] == p['name']]
            assert back == [x['mark']], (p['name'], x)
            sub(links, 'link', a=pid[p['name']], b=pid[x['to']],
                mark=x['mark'])
    W = {w['name']: w for w in b['waters']}
    wl = sub(root, 'water-links')
    seen = set()
    for w in b['waters']:
        for x in w['adjacent']:
            k = frozenset((w['name'], x['to']))
            if k in seen:
                continue
            seen.add(k)
            back = [y['mark'] for y in W[x['to']]['adjacent']
                    if y['to'] == w['name']]
            assert back == [x['mark']], (w['name'], x)
            sub(wl, 'link', a=wid[w['name']], b=wid[x['to']], mark=x['mark'])
    sup = sub(root, 'supports')
    for p in b['provinces']:
        for x in p['supports']:
            sub(sup, 'support', from_=pid[p['name']], to=pid[x['to']],
                mark=x['mark'])
    ln = sub(root, 'link-notes')
    for n in b['link_notes']:
        ids = pid if n['kind'] in ('land', 'support') else wid
        sub(ln, 'link-note', n['note'], kind=n['kind'], a=ids[n['a']],
            b=ids[n['b']], mark=n['mark'])

    coms = sub(root, 'commodities')
    for c in b['commodities']:
        assert c['payoff_rule'] == 'box k pays unit_value * k * k'
        av = c['available_by_players']
        e = sub(coms, 'commodity', id=cid[c['name']], name=c['name'],
                roll=c['roll_2d6'], value=c['unit_value'],
                boxes=len(c['payoff_boxes']),
                cards=nums(c['cards_printed_per_epoch']),
                available=' '.join('%s:%d' % (k, av[k]) for k in av),
                mark=c['mark'])
        for lp in c['log_provinces']:
            sub(e, 'log', province=pid[lp['province']], area=lp['area'])
        field_marks(e, c['field_marks'])
        sources(e, c['sources'])
        note(e, c['notes'])

    advs = sub(root, 'advances')
    for a in b['advances']:
        e = sub(advs, 'advance', letter=a['letter'], id=slug(a['name']),
                name=a['name'], category=a['category'].lower(),
                cost=a['cost'], misery=a['misery_on_purchase'],
                credit=a['credit']['amount'],
                credit_category=a['credit']['category'].lower(),
                relief=a['misery_relief'],
                leader_epochs=nums(a['leader_epochs']) or None,
                mark=a['mark'], effect_mark=a.get('effect_mark'))
        for q in a['prerequisites']:
            sub(e, 'requires', letter=q)
        sc = a['special_credit']
        if sc:
            sub(e, 'special-credit', amount=sc['amount'],
                categories=' '.join(x.lower() for x in sc['categories']))
        sub(e, 'effect', a['effect'])
        field_marks(e, a['field_marks'])
        sources(e, a['sources'])
        note(e, a['notes'])
    sub(root, 'category-totals', **{k.lower(): v for k, v in
                                    b['category_totals'].items()})

    cards = sub(root, 'cards')
    for c in b['cards']:
        e = sub(cards, 'card', id=c['id'], name=c['name'], epoch=c['epoch'],
                kind=c['kind'], recycle=yn(c['recycle']),
                choice=yn(c['choice']),
                enlightened_ruler=yn(c['protected_by_enlightened_ruler']),
                euro=c['euro_setup'], mark=c['mark'])
        for n in c['commodities']:
            sub(e, 'commodity', ref=cid[n])
        ld = c['leader']
        if ld:
            le = sub(e, 'leader', discount=ld['discount'])
            for l in ld['advances']:
                sub(le, 'discounts', letter=l)
            cond = ld['conditional']
            if cond:
                sub(le, 'conditional', cond['when'], amount=cond['amount'],
                    card=cond['card'])
        for v in c['voids']:
            sub(e, 'voids', card=v)
        for v in c['voided_by']:
            if len(v) == 1:
                sub(e, 'voided-by', advance=v)
            else:
                sub(e, 'voided-by', card=v)
        sub(e, 'effect', c['effect'])
        field_marks(e, c['field_marks'])
        note(e, c['notes'])

    m = b['misery_index']
    e = sub(root, 'misery-index', boxes=nums(m['boxes']),
            beyond=m['beyond_last'], mark=m['mark'])
    note(e, m['note'])
    s = b['stabilization']
    e = sub(root, 'stabilization', costs=nums(s['cost_by_cards']),
            formula=s['formula'], middle_class=s['middle_class'],
            mark=s['mark'])
    field_marks(e, s['field_marks'])
    note(e, s['note'])
    s = b['shipping']
    e = sub(root, 'shipping', upgrade_cost=s['upgrade_cost'],
            upgrades_per_turn=s['upgrades_per_turn'], start=s['start'],
            mark=s['mark'])
    for row, rule in RULE_KEYS:
        sub(e, 'row', s[rule], id=row, levels=nums(s[row]))
    field_marks(e, s['field_marks'])
    od = b['order_display']
    e = sub(root, 'order-display', mark=od['mark'])
    for k, v in od['boxes'].items():
        sub(e, 'boxes', players=k, used=nums(v))
    note(e, od['note'])
    inc = b['income']
    e = sub(root, 'income', formula=inc['formula'],
            middle_class_bonus=inc['middle_class_bonus'],
            players_counted=inc['players_counted'], mark=inc['mark'])
    for k, v in inc['by_players'].items():
        sub(e, 'row', players=k, by_markers=nums(v))
    note(e, inc['note'])
    ecp = b['expansion_card_price']
    e = sub(root, 'expansion-card-price', formula=ecp['formula'],
            step=3, per_player_limit=ecp['per_player_limit'],
            mark=ecp['mark'])
    field_marks(e, ecp['field_marks'])
    eu = b['euro_setup']
    e = sub(root, 'euro-setup', deal=eu['deal'], return_=eu['return'],
            mark=eu['mark'])
    for h in eu['held_back']:
        sub(e, 'held-back', card=h)
    for h in eu['moved_to_epoch_1']:
        sub(e, 'moved-to-epoch-1', card=h)
    for k, v in eu['held_back_return'].items():
        turn = int(re.match(r'start of turn (\d+)$', v).group(1))
        sub(e, 'held-back-return', players=k, turn=turn)
    for k, pc in b['player_counts'].items():
        assert pc['euro_held_back_cards_return'] == \
            eu['held_back_return'][k]
    variants = sub(root, 'variants')
    for v in b['variants']:
        e = sub(variants, 'variant', id=v['id'], default=yn(v['default']),
                mark=v['mark'])
        note(e, v['note'])
        for n in v['remove_provinces']:
            sub(e, 'remove-province', ref=pid[n])
        for q in v['add_provinces']:
            pos = q['position']
            qe = sub(e, 'add-province', id=pid[q['name']], name=q['name'],
                     area=q['area'], type=q['type'],
                     market=q['market_number'], box=yn(q['box']),
                     mark=q['mark'], x=pos['x'], y=pos['y'],
                     position_mark=pos['mark'])
            for c in q['commodities']:
                sub(qe, 'commodity', ref=cid[c])
            for t in q['adjacent']:
                sub(qe, 'adjacent', ref=pid[t])
            for t in q['coasts']:
                sub(qe, 'coast', ref=wid[t])
            note(qe, q['notes'])
        for a, c in v['add_land_links']:
            sub(e, 'add-land-link', a=pid[a], b=pid[c])
        for a, c in v['remove_land_links']:
            sub(e, 'remove-land-link', a=pid[a], b=pid[c])
        for a, c in v['add_water_links']:
            sub(e, 'add-water-link', a=wid[a], b=wid[c])
        for a, c in v['remove_water_links']:
            sub(e, 'remove-water-link', a=wid[a], b=wid[c])
    ET.indent(root, space='  ')
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!--\n'
            '  Age of Renaissance: the board, cards, advances and tables the\n'
            '  adjudicator reads (schema: renaissance-ruleset.rng).  Made from\n'
            '  board.json by formats/tools/renaissance-board.py; this file is\n'
            '  now the source.  mark: R rules text, S public transcriptions\n'
            '  that agree, P provisional.  A moderator may correct an S or P\n'
            '  value here without touching the code;\n'
            '  tests/renaissance-data.sh checks the file.\n'
            '-->\n')
    return head + ET.tostring(root, encoding='unicode') + '\n'


# ---- back to board.json's shape ------------------------------------------

def ints(s):
    return [int(x) for x in s.split()] if s else []


def fm_of(e):
    return {f.get('field'): f.text for f in e.findall('field-mark')}


def src_of(e):
    return [s.text for s in e.findall('source')]


def note_of(e, tag='note'):
    n = e.find(tag)
    return n.text if n is not None and n.text else ''


def to_json(root):
    title = {c.get('id'): c.get('name') for c in
             root.find('commodities').findall('commodity')}
    pname = {p.get('id'): p.get('name') for p in
             root.find('provinces').findall('province')}
    wname = {w.get('id'): w.get('name') for w in
             root.find('waters').findall('water')}
    cat = {c.lower(): c for c in CATS}
    about = root.find('about')
    b = {'schema': about.get('schema'), 'edition': about.get('edition')}
    b['marks'] = {m.get('mark'): m.text for m in about.findall('mark-meaning')}
    b['sources'] = {s.get('id'): s.text for s in about.findall('source-ref')}
    mp = root.find('map')
    b['map_frame'] = {'width': int(mp.get('width')),
                      'height': int(mp.get('height'))}
    b['areas'] = []
    for a in root.find('areas').findall('area'):
        d = {'id': a.get('id'), 'kind': a.get('kind')}
        if a.get('name'):
            d['name'] = a.get('name')
        d.update({'in_play_from_players': int(a.get('from-players')),
                  'requires_advance': a.get('requires'),
                  'capitals': [pname[c.get('province')]
                               for c in a.findall('capital')],
                  'expected_provinces': int(a.get('provinces')),
                  'mark': a.get('mark')})
        b['areas'].append(d)
    b['capitals'] = [{'player': pname[c.get('province')],
                      'province': pname[c.get('province')],
                      'area': c.get('area'),
                      'players_min': int(c.get('players-min'))}
                     for c in root.find('capitals').findall('capital')]
    eu = root.find('euro-setup')
    ret = {r.get('players'): 'start of turn %s' % r.get('turn')
           for r in eu.findall('held-back-return')}
    od = {x.get('players'): ints(x.get('used')) for x in
          root.find('order-display').findall('boxes')}
    inc = {x.get('players'): ints(x.get('by-markers')) for x in
           root.find('income').findall('row')}
    b['player_counts'] = {}
    for k in sorted(od):
        n = int(k)
        b['player_counts'][k] = {
            'areas': [a['id'] for a in b['areas'] if a['kind'] == 'map' and
                      a['in_play_from_players'] <= n],
            'capitals': [c['player'] for c in b['capitals']
                         if c['players_min'] <= n],
            'order_display_boxes': od[k], 'income': inc[k],
            'euro_held_back_cards_return': ret[k]}

    land = {}
    for l in root.find('land-links').findall('link'):
        a, c = pname[l.get('a')], pname[l.get('b')]
        land.setdefault(a, []).append({'to': c, 'mark': l.get('mark')})
        land.setdefault(c, []).append({'to': a, 'mark': l.get('mark')})
    sup, supby = {}, {}
    for s in root.find('supports').findall('support'):
        a, c = pname[s.get('from')], pname[s.get('to')]
        sup.setdefault(a, []).append({'to': c, 'mark': s.get('mark')})
        supby.setdefault(c, []).append(a)
    coasts = {}
    for w in root.find('waters').findall('water'):
        if w.get('coast-of'):
            coasts.setdefault(pname[w.get('coast-of')], []).append(
                w.get('name'))
    b['provinces'] = []
    for p in root.find('provinces').findall('province'):
        n = p.get('name')
        b['provinces'].append({
            'name': n, 'aliases': [a.get('name') for a in
                                   p.findall('alias')],
            'area': p.get('area'), 'type': p.get('type'),
            'market_number': int(p.get('market')),
            'commodities': [title[c.get('ref')]
                            for c in p.findall('commodity')],
            'box': p.get('box') == 'yes', 'mark': p.get('mark'),
            'field_marks': fm_of(p), 'sources': src_of(p),
            'notes': note_of(p),
            'coastal': bool(coasts.get(n)) or p.get('type') == 'overseas',
            'coasts': sorted(coasts.get(n, [])),
            'adjacent': sorted(land.get(n, []), key=lambda x: x['to']),
            'supports': sorted(sup.get(n, []), key=lambda x: x['to']),
            'supported_by': sorted(supby.get(n, [])),
            'position': {'x': int(p.get('x')), 'y': int(p.get('y')),
                         'mark': p.get('position-mark')}})
    wadj = {}
    for l in root.find('water-links').findall('link'):
        a, c = wname[l.get('a')], wname[l.get('b')]
        wadj.setdefault(a, []).append({'to': c, 'mark': l.get('mark')})
        wadj.setdefault(c, []).append({'to': a, 'mark': l.get('mark')})
    b['waters'] = []
    for w in root.find('waters').findall('water'):
        n = w.get('name')
        b['waters'].append({
            'name': n, 'type': w.get('type'),
            'coast_of': pname[w.get('coast-of')] if w.get('coast-of')
            else None,
            'mark': w.get('mark'), 'notes': note_of(w),
            'adjacent': sorted(wadj.get(n, []), key=lambda x: x['to']),
            'position': {'x': int(w.get('x')), 'y': int(w.get('y')),
                         'mark': w.get('position-mark')}})
    b['link_notes'] = []
    for n in root.find('link-notes').findall('link-note'):
        ids = pname if n.get('kind') in ('land', 'support') else wname
        b['link_notes'].append({'kind': n.get('kind'),
                                'a': ids[n.get('a')], 'b': ids[n.get('b')],
                                'mark': n.get('mark'), 'note': n.text})
    b['commodities'] = []
    for c in root.find('commodities').findall('commodity'):
        v = int(c.get('value'))
        av = {}
        for kv in c.get('available').split():
            k, x = kv.split(':')
            av[k] = int(x)
        b['commodities'].append({
            'name': c.get('name'), 'roll_2d6': int(c.get('roll')),
            'unit_value': v,
            'payoff_boxes': [v * k * k for k in
                             range(1, int(c.get('boxes')) + 1)],
            'payoff_rule': 'box k pays unit_value * k * k',
            'cards_printed_per_epoch': ints(c.get('cards')),
            'log_provinces': [{'area': x.get('area'),
                               'province': pname[x.get('province')]}
                              for x in c.findall('log')],
            'available_by_players': av, 'mark': c.get('mark'),
            'field_marks': fm_of(c), 'sources': src_of(c),
            'notes': note_of(c)})
    b['advances'] = []
    for a in root.find('advances').findall('advance'):
        sc = a.find('special-credit')
        d = {'letter': a.get('letter'), 'name': a.get('name'),
             'category': cat[a.get('category')], 'cost': int(a.get('cost')),
             'misery_on_purchase': int(a.get('misery')),
             'credit': {'category': cat[a.get('credit-category')],
                        'amount': int(a.get('credit'))},
             'special_credit': {'amount': int(sc.get('amount')),
                                'categories': [cat[x] for x in
                                               sc.get('categories').split()]}
             if sc is not None else None,
             'misery_relief': int(a.get('relief')),
             'prerequisites': [r.get('letter') for r in
                               a.findall('requires')],
             'leader_epochs': ints(a.get('leader-epochs')),
             'effect': note_of(a, 'effect'), 'mark': a.get('mark'),
             'field_marks': fm_of(a), 'sources': src_of(a),
             'notes': note_of(a)}
        if a.get('effect-mark'):
            d['effect_mark'] = a.get('effect-mark')
        b['advances'].append(d)
    ct = root.find('category-totals')
    b['category_totals'] = {c: int(ct.get(c.lower())) for c in CATS}
    b['cards'] = []
    for c in root.find('cards').findall('card'):
        ld = c.find('leader')
        leader = None
        if ld is not None:
            cond = ld.find('conditional')
            leader = {'discount': int(ld.get('discount')),
                      'advances': [x.get('letter') for x in
                                   ld.findall('discounts')],
                      'conditional': {'amount': int(cond.get('amount')),
                                      'when': cond.text,
                                      'card': cond.get('card')}
                      if cond is not None else None}
        b['cards'].append({
            'id': c.get('id'), 'name': c.get('name'),
            'epoch': int(c.get('epoch')), 'kind': c.get('kind'),
            'recycle': c.get('recycle') == 'yes',
            'effect': note_of(c, 'effect'), 'mark': c.get('mark'),
            'euro_setup': c.get('euro'),
            'commodities': [title[x.get('ref')] for x in
                            c.findall('commodity')],
            'choice': c.get('choice') == 'yes', 'leader': leader,
            'voids': [v.get('card') for v in c.findall('voids')],
            'voided_by': [v.get('card') or v.get('advance')
                          for v in c.findall('voided-by')],
            'protected_by_enlightened_ruler':
                c.get('enlightened-ruler') == 'yes',
            'notes': note_of(c), 'field_marks': fm_of(c)})
    m = root.find('misery-index')
    b['misery_index'] = {'boxes': ints(m.get('boxes')),
                         'beyond_last': m.get('beyond'),
                         'mark': m.get('mark'), 'note': note_of(m)}
    s = root.find('stabilization')
    b['stabilization'] = {'cost_by_cards': ints(s.get('costs')),
                          'formula': s.get('formula'), 'mark': s.get('mark'),
                          'field_marks': fm_of(s), 'note': note_of(s),
                          'middle_class': s.get('middle-class')}
    s = root.find('shipping')
    sh = {'upgrade_cost': int(s.get('upgrade-cost')),
          'upgrades_per_turn': int(s.get('upgrades-per-turn'))}
    rows = {r.get('id'): r for r in s.findall('row')}
    for r in ('galleys', 'seaworthy', 'ocean'):
        sh[r] = ints(rows[r].get('levels'))
    for r, rule in RULE_KEYS:
        sh[rule] = rows[r].text
    sh.update({'start': s.get('start'), 'mark': s.get('mark'),
               'field_marks': fm_of(s)})
    b['shipping'] = sh
    o = root.find('order-display')
    b['order_display'] = {'boxes': od, 'mark': o.get('mark'),
                          'note': note_of(o)}
    i = root.find('income')
    b['income'] = {'formula': i.get('formula'), 'by_players': inc,
                   'middle_class_bonus': int(i.get('middle-class-bonus')),
                   'players_counted': i.get('players-counted'),
                   'mark': i.get('mark'), 'note': note_of(i)}
    s = root.find('start')
    b['start'] = {'cash': s.get('cash'),
                  'capital_bid_max': int(s.get('capital-bid-max')),
                  'tokens': int(s.get('tokens')),
                  'dominance_markers': int(s.get('dominance-markers')),
                  'on_map': s.get('on-map'), 'misery': int(s.get('misery')),
                  'ships': s.get('ships'), 'cards': s.get('cards'),
                  'mark': s.get('mark')}
    e = root.find('expansion-card-price')
    b['expansion_card_price'] = {
        'formula': e.get('formula'),
        'per_player_limit': int(e.get('per-player-limit')),
        'mark': e.get('mark'), 'field_marks': fm_of(e)}
    b['euro_setup'] = {
        'held_back': [h.get('card') for h in eu.findall('held-back')],
        'moved_to_epoch_1': [h.get('card') for h in
                             eu.findall('moved-to-epoch-1')],
        'deal': int(eu.get('deal')), 'return': int(eu.get('return')),
        'held_back_return': ret, 'mark': eu.get('mark')}
    b['variants'] = []
    allp = dict(pname)
    for v in root.find('variants').findall('variant'):
        for q in v.findall('add-province'):
            allp[q.get('id')] = q.get('name')
    for v in root.find('variants').findall('variant'):
        adds = []
        for q in v.findall('add-province'):
            adds.append({
                'name': q.get('name'), 'area': q.get('area'),
                'type': q.get('type'),
                'market_number': int(q.get('market')),
                'commodities': [title[c.get('ref')] for c in
                                q.findall('commodity')],
                'box': q.get('box') == 'yes',
                'adjacent': [allp[t.get('ref')] for t in
                             q.findall('adjacent')],
                'coasts': [wname[t.get('ref')] for t in q.findall('coast')],
                'mark': q.get('mark'), 'notes': note_of(q),
                'position': {'x': int(q.get('x')), 'y': int(q.get('y')),
                             'mark': q.get('position-mark')}})

        def pairs(tag, names):
            return [[names[x.get('a')], names[x.get('b')]]
                    for x in v.findall(tag)]
        b['variants'].append({
            'id': v.get('id'), 'default': v.get('default') == 'yes',
            'mark': v.get('mark'), 'note': note_of(v),
            'remove_provinces': [allp[r.get('ref')] for r in
                                 v.findall('remove-province')],
            'add_provinces': adds,
            'add_land_links': pairs('add-land-link', allp),
            'remove_land_links': pairs('remove-land-link', allp),
            'add_water_links': pairs('add-water-link', wname),
            'remove_water_links': pairs('remove-water-link', wname)})
    return b


def main(argv):
    if len(argv) != 3 or argv[1] not in ('xml', 'json'):
        sys.stderr.write(__doc__)
        return 64
    if argv[1] == 'xml':
        with open(argv[2], encoding='utf-8') as f:
            sys.stdout.write(to_xml(json.load(f)))
    else:
        root = ET.parse(argv[2]).getroot()
        json.dump(to_json(root), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
