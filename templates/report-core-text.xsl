<?xml version="1.0" encoding="UTF-8"?>
<!--
  The plain-text report of one run, the part every game shares: the title,
  what happened (every order and its effects, in order), the players, what
  is pending from whom and until when with the viewer's order form, the
  orders kept for later, the seed once public, and the variants.  Lines
  are wrapped at 78 characters.  Parameters:
    run         the run to report (default: the game's latest)
    viewer      a country id whose private events may show; empty for the
                public report
    secrecy-ruling
                the module's ruling that keeps a sealed pick secret
                (module.h secrecy_ruling: R39, RR39), cited by the sealed
                note; the program passes it
    game-title  the game's name for people, in the first line

  A game's own sheet (report-text.xsl for Age of Reason) imports this one
  and defines the key "country" (id to the element with @name), a template
  for match="state" (the standings and the board, after what happened),
  game-title, and, if it likes, the hooks sealed-adjust, entry-summary
  with the variable summed-events (the event types entry-summary tells)
  and form-country.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text" encoding="UTF-8"/>
  <xsl:param name="run" select="/game/@run"/>
  <xsl:param name="viewer" select="''"/>
  <xsl:param name="secrecy-ruling" select="''"/>
  <xsl:param name="game-title" select="'Game'"/>

  <xsl:variable name="nl" select="'&#10;'"/>
  <!-- event types entry-summary sums up instead of listing -->
  <xsl:variable name="summed-events" select="/.."/>

  <xsl:template name="cname">
    <xsl:param name="id"/>
    <xsl:value-of select="key('country', $id)/@name"/>
  </xsl:template>

  <!--
    Word-wraps text at 78 columns: the first line starts with lead, the
    others with indent; a line takes the words that fit (a longer word
    stands alone).  A line at a time, not a word at a time: each call of
    a template costs about what a report line does (issue 12).
  -->
  <xsl:template name="wrap">
    <xsl:param name="text"/>
    <xsl:param name="lead" select="''"/>
    <xsl:param name="indent" select="''"/>
    <xsl:variable name="t" select="normalize-space($text)"/>
    <xsl:choose>
      <xsl:when test="$t = ''"><xsl:value-of select="$nl"/></xsl:when>
      <xsl:when test="string-length($lead) + string-length($t) &lt;= 78">
        <xsl:value-of select="concat($lead, $t, $nl)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:call-template name="wrap-lines">
          <xsl:with-param name="rest" select="$t"/>
          <xsl:with-param name="lead" select="$lead"/>
          <xsl:with-param name="indent" select="$indent"/>
        </xsl:call-template>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!--
    The lines of rest (normalized, not empty), the first after lead.  A
    line ends at the last space among the first 79 - length(lead)
    characters, found in seven halving steps: sp is the greatest position
    from which on $c still holds a space (0: none, the first word is too
    long and stands alone).
  -->
  <xsl:template name="wrap-lines">
    <xsl:param name="rest"/>
    <xsl:param name="lead"/>
    <xsl:param name="indent"/>
    <xsl:choose>
      <xsl:when test="string-length($lead) + string-length($rest) &lt;= 78">
        <xsl:value-of select="concat($lead, $rest, $nl)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:variable name="c" select="substring($rest, 1, 79 - string-length($lead))"/>
        <xsl:variable name="a1" select="64 * contains(substring($c, 64), ' ')"/>
        <xsl:variable name="a2" select="$a1 + 32 * contains(substring($c, $a1 + 32), ' ')"/>
        <xsl:variable name="a3" select="$a2 + 16 * contains(substring($c, $a2 + 16), ' ')"/>
        <xsl:variable name="a4" select="$a3 + 8 * contains(substring($c, $a3 + 8), ' ')"/>
        <xsl:variable name="a5" select="$a4 + 4 * contains(substring($c, $a4 + 4), ' ')"/>
        <xsl:variable name="a6" select="$a5 + 2 * contains(substring($c, $a5 + 2), ' ')"/>
        <xsl:variable name="sp" select="$a6 + contains(substring($c, $a6 + 1), ' ')"/>
        <xsl:choose>
          <xsl:when test="$sp = 0">
            <xsl:value-of select="concat($lead, substring-before(concat($rest, ' '), ' '), $nl)"/>
            <xsl:if test="contains($rest, ' ')">
              <xsl:call-template name="wrap-lines">
                <xsl:with-param name="rest" select="substring-after($rest, ' ')"/>
                <xsl:with-param name="lead" select="$indent"/>
                <xsl:with-param name="indent" select="$indent"/>
              </xsl:call-template>
            </xsl:if>
          </xsl:when>
          <xsl:otherwise>
            <xsl:value-of select="concat($lead, substring($rest, 1, $sp - 1), $nl)"/>
            <xsl:call-template name="wrap-lines">
              <xsl:with-param name="rest" select="substring($rest, $sp + 1)"/>
              <xsl:with-param name="lead" select="$indent"/>
              <xsl:with-param name="indent" select="$indent"/>
            </xsl:call-template>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- Issue 17.11 and 17.9: the history's chained digest, and the rollbacks. -->
  <xsl:template match="history-digest">
    <xsl:choose>
      <xsl:when test="@sha256">
        <xsl:value-of select="concat('History digest through run ', @run, ' (adjudicator verify --report checks it):', $nl, '  ', @sha256, $nl)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('History digest through run ', @run, ': not computed here (the seed is not at', $nl, 'hand).', $nl)"/>
      </xsl:otherwise>
    </xsl:choose>
    <xsl:value-of select="concat('Rollbacks: ', @rollbacks, $nl)"/>
  </xsl:template>

  <xsl:template name="rule">
    <xsl:param name="title"/>
    <xsl:value-of select="concat($nl, '== ', $title, ' ', substring('==========================================================================', 1, 74 - string-length($title)), $nl)"/>
  </xsl:template>

  <xsl:template match="/game">
    <xsl:call-template name="wrap">
      <xsl:with-param name="text" select="concat($game-title, ', game ', @id, ': report of run ', $run, '.')"/>
    </xsl:call-template>
    <xsl:if test="$viewer != ''">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('Private report for ', key('country', $viewer)/@name, ': do not forward.')"/>
      </xsl:call-template>
    </xsl:if>
    <xsl:call-template name="wrap">
      <xsl:with-param name="text" select="'The dice follow a secret seed with this SHA-256 (R30); the seed is published at the end, for anyone to check:'"/>
    </xsl:call-template>
    <xsl:value-of select="concat('  ', seed/@commitment, $nl)"/>
    <xsl:apply-templates select="history-digest"/>
    <xsl:call-template name="rule"><xsl:with-param name="title" select="'What happened'"/></xsl:call-template>
    <xsl:apply-templates select="history/entry[@run = $run]"/>
    <xsl:if test="not(history/entry[@run = $run])">
      <xsl:value-of select="concat('Nothing happened in this run.', $nl)"/>
    </xsl:if>
    <xsl:apply-templates select="state"/>
    <!-- email players negotiate with each other: who plays what, where -->
    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Players'"/></xsl:call-template>
    <xsl:for-each select="players/player">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat(key('country', @country)/@name, ': ', @name, ', ', @email)"/>
        <xsl:with-param name="lead" select="'  '"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:for-each>
    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Pending'"/></xsl:call-template>
    <xsl:for-each select="pending/decision">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('STEP ', @step, ' from ', key('country', @country)/@name, ': ', @what, '. Deadline: ', substring(concat(@deadline, 'none set'), 1, 20), '.')"/>
        <xsl:with-param name="indent" select="'  '"/>
      </xsl:call-template>
    </xsl:for-each>
    <xsl:if test="not(pending/decision)">
      <xsl:value-of select="concat('Nothing: the game is over.', $nl)"/>
    </xsl:if>
    <xsl:if test="$viewer != '' and pending/decision[@country = $viewer]">
      <xsl:call-template name="rule"><xsl:with-param name="title" select="'Your order form'"/></xsl:call-template>
      <xsl:choose>
        <xsl:when test="history/entry[@kind = 'key' and @country = $viewer]">
          <xsl:value-of select="concat('Fill in, sign with your key and send to the moderator:', $nl, $nl)"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('Fill in and send to the moderator:', $nl, $nl)"/>
        </xsl:otherwise>
      </xsl:choose>
      <xsl:for-each select="pending/decision[@country = $viewer]">
        <xsl:value-of select="concat('GAME ', /game/@id, $nl, 'COUNTRY ')"/>
        <xsl:call-template name="form-country"/>
        <xsl:value-of select="concat($nl, 'STEP ', @step, $nl)"/>
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat(@what, '. Write one of these (the legal choices now):')"/>
          <xsl:with-param name="lead" select="'# '"/>
          <xsl:with-param name="indent" select="'# '"/>
        </xsl:call-template>
        <xsl:for-each select="choice">
          <xsl:call-template name="wrap">
            <xsl:with-param name="text" select="."/>
            <xsl:with-param name="lead" select="'#   '"/>
            <xsl:with-param name="indent" select="'#     '"/>
          </xsl:call-template>
        </xsl:for-each>
        <xsl:value-of select="$nl"/>
      </xsl:for-each>
    </xsl:if>
    <!-- the reader's own orders, and the others' counted in @waiting -->
    <xsl:variable name="waiting" select="count(queue/order) + sum(queue/@waiting)"/>
    <xsl:if test="$waiting &gt; 0">
      <xsl:value-of select="concat($waiting, ' order(s) wait for their step.', $nl)"/>
    </xsl:if>
    <xsl:if test="$viewer != '' and queue/order[@country = $viewer]">
      <xsl:value-of select="concat('Kept for later (your orders in force, each used when its step comes):', $nl)"/>
      <xsl:for-each select="queue/order[@country = $viewer]">
        <xsl:choose>
          <xsl:when test="contains(., '-----BEGIN PGP MESSAGE-----')">
            <xsl:value-of select="concat('  ', @step, ' (sealed)', $nl)"/>
          </xsl:when>
          <xsl:otherwise>
            <xsl:call-template name="kept-lines">
              <xsl:with-param name="step" select="@step"/>
              <xsl:with-param name="rest" select="concat(substring-after(., $nl), $nl)"/>
            </xsl:call-template>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:for-each>
    </xsl:if>
    <xsl:if test="seed/@revealed">
      <xsl:call-template name="rule"><xsl:with-param name="title" select="'The seed (R30)'"/></xsl:call-template>
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('The game is over and its seed is public: ', seed/@revealed, '. Its SHA-256, committed at the start, is ', seed/@commitment, '. Anyone can re-check every draw with adjudicator verify.')"/>
      </xsl:call-template>
    </xsl:if>
    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Variants'"/></xsl:call-template>
    <xsl:for-each select="variants/variant">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat(@name, ' (', @ruling, '): ', @meaning)"/>
        <xsl:with-param name="indent" select="'  '"/>
      </xsl:call-template>
    </xsl:for-each>
    <xsl:if test="not(variants/variant)">
      <xsl:value-of select="concat('None: the standard rules and rulings.', $nl)"/>
    </xsl:if>
  </xsl:template>

  <!-- "  T1.S3 PLACE Banking": the order lines of a kept step, one a
       line, without comments and blank lines -->
  <xsl:template name="kept-lines">
    <xsl:param name="step"/>
    <xsl:param name="rest"/>
    <xsl:if test="contains($rest, $nl)">
      <xsl:variable name="raw" select="substring-before($rest, $nl)"/>
      <xsl:variable name="line" select="normalize-space(substring-before(concat($raw, '#'), '#'))"/>
      <xsl:if test="$line != ''">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat($step, ' ', $line)"/>
          <xsl:with-param name="lead" select="'  '"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:if>
      <xsl:call-template name="kept-lines">
        <xsl:with-param name="step" select="$step"/>
        <xsl:with-param name="rest" select="substring-after($rest, $nl)"/>
      </xsl:call-template>
    </xsl:if>
  </xsl:template>

  <!--
    Reports never name the moderator's files (issue 11): an order is
    "France's orders" (the possessive of a name ending in s is "'").
  -->
  <xsl:template match="entry">
    <xsl:variable name="cn" select="string(key('country', @country)/@name)"/>
    <xsl:variable name="orders">
      <xsl:value-of select="$cn"/>
      <xsl:choose>
        <xsl:when test="substring($cn, string-length($cn)) = 's'">'</xsl:when>
        <xsl:otherwise>'s</xsl:otherwise>
      </xsl:choose>
      <xsl:text> orders</xsl:text>
    </xsl:variable>
    <xsl:choose>
      <xsl:when test="@kind = 'order'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* ', $orders, ', step ', @step, ':')"/>
        </xsl:call-template>
        <xsl:choose>
          <xsl:when test="@sealed = 'yes' and $viewer != @country">
            <xsl:value-of select="'    (sealed: the order holds a secret pick'"/>
            <xsl:if test="$secrecy-ruling != ''">
              <xsl:value-of select="concat(', ', $secrecy-ruling)"/>
            </xsl:if>
            <xsl:value-of select="concat(')', $nl)"/>
          </xsl:when>
          <xsl:otherwise>
            <xsl:call-template name="order-lines">
              <xsl:with-param name="text" select="substring-after(text, $nl)"/>
            </xsl:call-template>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:when>
      <xsl:when test="@kind = 'default'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* ', key('country', @country)/@name, ', step ', @step, ': no order by the deadline (R37).')"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'rejected' and @sealed = 'yes' and $viewer != @country">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* ', key('country', @country)/@name, ', step ', @step, ': a sealed order was rejected (the reason is in that player', &quot;'&quot;, 's report).')"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'rejected'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* ', $orders, ', step ', @step, ': order rejected: ', reason)"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'adjust' and @sealed = 'yes' and $viewer != @country">
        <xsl:call-template name="sealed-adjust"/>
      </xsl:when>
      <xsl:when test="@kind = 'moderator'"/>
      <xsl:when test="@kind = 'adjust'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* Moderator adjustment: ', text)"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'key' and @country">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* Key registered for ', key('country', @country)/@name, ': ', @fingerprint, '.')"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'key'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* The moderator', &quot;'&quot;, 's key: ', @fingerprint, '.')"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'received'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* Signed orders from ', key('country', @country)/@name, ', key ', @fingerprint, '.')"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'entropy'">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('* ', key('country', @country)/@name, ' adds entropy to the dice: ', text)"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:when test="@kind = 'unseal'"/>
      <xsl:otherwise>
        <xsl:value-of select="concat('* Setup.', $nl)"/>
      </xsl:otherwise>
    </xsl:choose>
    <xsl:call-template name="entry-summary"/>
    <xsl:for-each select="event[(not(@to) or @to = $viewer) and not(@type = $summed-events)]">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="."/>
        <!-- a moderator's command is told by its events alone -->
        <xsl:with-param name="lead" select="substring('*   ', 1 + 2 * not(../@kind = 'moderator' and position() = 1), 2)"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:for-each>
  </xsl:template>

  <!--
    Hooks a game's sheet may define, called with an entry as the context:
    sealed-adjust tells the others of a sealed adjustment, entry-summary
    sums up events before they are listed (their text comes from the
    game's own sheet).
  -->
  <xsl:template name="sealed-adjust">
    <xsl:call-template name="wrap">
      <xsl:with-param name="text" select="concat('* Moderator correction for ', key('country', @country)/@name, ' (it is in that player', &quot;'&quot;, 's report).')"/>
      <xsl:with-param name="indent" select="'    '"/>
    </xsl:call-template>
  </xsl:template>
  <xsl:template name="entry-summary"/>
  <!--
    form-country: the side as the order form's COUNTRY line writes it, a
    name the game's order parser reads (a decision as the context).
  -->
  <xsl:template name="form-country">
    <xsl:value-of select="key('country', @country)/@name"/>
  </xsl:template>

  <!-- The order's own lines (after STEP), comments and blanks dropped. -->
  <xsl:template name="order-lines">
    <xsl:param name="text"/>
    <xsl:if test="$text != ''">
      <xsl:variable name="line">
        <xsl:choose>
          <xsl:when test="contains($text, $nl)"><xsl:value-of select="substring-before($text, $nl)"/></xsl:when>
          <xsl:otherwise><xsl:value-of select="$text"/></xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <xsl:variable name="code">
        <xsl:choose>
          <xsl:when test="contains($line, '#')"><xsl:value-of select="normalize-space(substring-before($line, '#'))"/></xsl:when>
          <xsl:otherwise><xsl:value-of select="normalize-space($line)"/></xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <xsl:if test="$code != ''">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="$code"/>
          <xsl:with-param name="lead" select="'    &gt; '"/>
          <xsl:with-param name="indent" select="'      '"/>
        </xsl:call-template>
      </xsl:if>
      <xsl:call-template name="order-lines">
        <xsl:with-param name="text" select="substring-after($text, $nl)"/>
      </xsl:call-template>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
