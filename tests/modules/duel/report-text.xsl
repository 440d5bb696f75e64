<?xml version="1.0" encoding="UTF-8"?>
<!--
  The duel's text report (the test-only module of issue 19): everything
  but the standings comes from the shared report-core-text.xsl, by the
  contract of MODULE-INTERFACE.md 2.4 (the key "country", the title,
  match="state").
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="../../../templates/report-core-text.xsl"/>
  <xsl:param name="game-title" select="'Duel'"/>
  <xsl:key name="country" match="/game/ruleset/sides/side" use="@id"/>

  <xsl:template match="state">
    <xsl:call-template name="rule"><xsl:with-param name="title" select="concat('Standings after run ', /game/@run)"/></xsl:call-template>
    <xsl:value-of select="concat('Round ', @round, ' of ', @rounds, $nl)"/>
    <xsl:for-each select="country">
      <xsl:value-of select="concat(key('country', @id)/@name, ': ', @points, ' points', $nl)"/>
      <xsl:if test="@id = $viewer">
        <xsl:value-of select="concat('Your hand: ', hand, $nl)"/>
      </xsl:if>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
